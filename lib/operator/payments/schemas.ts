import { z } from '@hono/zod-openapi';
import { BalanceEntry, VirtualAccount } from '@/lib/accounts/schemas';
import { Uuid, Timestamp } from '@/lib/api/schemas';
import { ExpectedPayment } from '@/lib/bills/schemas';
import { Payment, PaymentIdParams } from '@/lib/payments/schemas';
import { paymentRails } from '@/lib/payments/schema';
import { railNotificationKinds } from '@/lib/rails/schema';
import { Reversal } from '@/lib/reversals/schemas';
import { Settlement } from '@/lib/settlement/schemas';
import { StkInitiation } from '@/lib/stk/schemas';
import { SuspensePayment } from '@/lib/suspense/schemas';
import { WebhookDelivery } from '@/lib/webhooks/schemas';

export const MerchantRef = z.object({ id: Uuid, name: z.string() }).openapi('OperatorMerchantRef');

export const OperatorPaymentSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .openapi({
      description:
        'An M-Pesa receipt or bank reference, a virtual account number, the reference the payer typed, the payer\'s whole phone number in any form (0712…, +254 712…, 254712…), or a phone prompt\'s CheckoutRequestID.',
      example: 'QJK3H8X2LP',
    }),
});

export const OperatorPaymentResult = Payment.extend({ merchant: MerchantRef }).openapi('OperatorPaymentResult');
export const OperatorSuspenseResult = SuspensePayment.extend({ merchant: MerchantRef.nullable() }).openapi('OperatorSuspenseResult');

export const OperatorPaymentSearch = z
  .object({
    data: z.array(OperatorPaymentResult).openapi({ description: 'At most the 50 newest payments found, across merchants, newest first.' }),
    nextCursor: z.null().openapi({ description: 'Always null: a search answers its newest matches; narrow the query for others.' }),
    suspense: z.array(OperatorSuspenseResult).openapi({ description: 'Money in suspense with this reference or account number, whoever\'s (or nobody\'s) it is.' }),
  })
  .openapi('OperatorPaymentSearch');

export const RailNotification = z
  .object({
    id: Uuid,
    rail: z.enum(paymentRails),
    kind: z.enum(railNotificationKinds),
    providerReference: z.string().nullable(),
    checkoutRequestId: z.string().nullable(),
    receivedAt: Timestamp,
    body: z.string().openapi({ description: 'The request body as received, laid out to read, with every secret-named field redacted.' }),
  })
  .openapi('RailNotification');

export const OperatorPaymentDetail = z
  .object({
    payment: Payment,
    merchant: MerchantRef,
    account: VirtualAccount,
    bill: ExpectedPayment.nullable(),
    ledgerEntries: z.array(BalanceEntry),
    railNotifications: z.array(RailNotification).openapi({ description: 'Every notification and callback the rails sent about it, oldest first (kept since migration 0030).' }),
    prompts: z.array(StkInitiation).openapi({ description: 'The phone prompt that became this payment, if it came from one.' }),
    webhookDeliveries: z.array(WebhookDelivery),
    reversals: z.array(Reversal),
    settlement: Settlement.nullable(),
  })
  .openapi('OperatorPaymentDetail');

export { PaymentIdParams };
