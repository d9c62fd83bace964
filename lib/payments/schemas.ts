import { z } from '@hono/zod-openapi';
import { Currency } from '@/lib/accounts/schemas';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, TimestampInput, Uuid } from '@/lib/api/schemas';
import { decimalText } from '@/lib/money/decimal';
import { matchStatuses, paymentChannels } from './schema';

export const Payment = z
  .object({
    id: Uuid,
    merchantId: Uuid,
    subMerchantId: Uuid.nullable(),
    virtualAccountId: Uuid,
    accountNumber: z.string(),
    customerId: Uuid.nullable(),
    expectedPaymentId: Uuid.nullable(),
    channel: z.enum(paymentChannels),
    amount: z.number(),
    feeAmount: z.number().openapi({ description: 'Our fee on this payment, from the channel\'s fee schedule.' }),
    netAmount: z.number().openapi({ description: 'amount − feeAmount.' }),
    overpaidAmount: z.number().openapi({ description: 'What this payment paid beyond its bill\'s amount (0 when none).' }),
    currency: z.string(),
    payerName: z.string().nullable(),
    payerPhone: z.string().nullable(),
    payerAccount: z.string().nullable(),
    providerReference: z.string().openapi({ description: 'The M-Pesa receipt or the bank reference; unique per rail.' }),
    billReference: z.string().nullable().openapi({ description: 'What the payer entered as account number or reference.' }),
    narration: z.string().nullable(),
    matchStatus: z.enum(matchStatuses).openapi({
      description:
        'MATCHED settled a bill; PARTIAL paid part of one; OVERPAID settled one with a surplus; UNMATCHED had no bill; NEEDS_ATTENTION arrived for a bill already paid, cancelled or expired.',
    }),
    receivedAt: Timestamp.openapi({ description: 'When the rail says the money arrived.' }),
    createdAt: Timestamp,
  })
  .openapi('Payment');

const Money = z
  .string()
  .transform((value, context) => {
    const text = decimalText(value);
    if (text === undefined) context.addIssue({ code: 'custom', message: 'Must be a decimal number such as 1500 or 99.50.' });
    return text ?? '';
  })
  .openapi({ type: 'string', example: '1000' });

/** Filters shared by the list and the summary. */
export const paymentFilters = {
  from: TimestampInput.optional().openapi({ description: 'receivedAt ≥ from (ISO 8601, years 1970 to 9999).' }),
  to: TimestampInput.optional().openapi({ description: 'receivedAt < to (ISO 8601, years 1970 to 9999).' }),
  channel: z.enum(paymentChannels).optional(),
  virtualAccountId: Uuid.optional(),
  expectedPaymentId: Uuid.optional(),
  customerId: Uuid.optional(),
  subMerchantId: Uuid.optional(),
  minAmount: Money.optional(),
  maxAmount: Money.optional(),
  matchStatus: z.enum(matchStatuses).optional(),
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: 'An M-Pesa receipt or bank reference, a payer phone (full or its last digits), a bill reference, or part of the payer\'s name.' }),
};

export const PaymentListQuery = z.object({ ...paymentFilters, ...pageQuery });
export type PaymentListFilters = z.output<typeof PaymentListQuery>;

export const PaymentSummaryQuery = z.object({
  ...paymentFilters,
  currency: Currency.optional().openapi({ description: "One currency per summary; defaults to the merchant's." }),
});
export type PaymentSummaryFilters = z.output<typeof PaymentSummaryQuery>;

export const PaymentSummary = z
  .object({ paymentCount: z.number().int(), totalAmount: z.number(), currency: z.string() })
  .openapi('PaymentSummary');

export const PaymentIdParams = z.object({ paymentId: Uuid.openapi({ param: { name: 'paymentId', in: 'path' } }) });
