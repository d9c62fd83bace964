import { z } from '@hono/zod-openapi';
import { Problem, Timestamp, Uuid } from '@/lib/api/schemas';
import { billStatuses } from '@/lib/bills/schema';
import { PaymentOptions } from '@/lib/payment-options/schemas';
import { payerLinkTargets } from './schema';

export const CreatePayerLinkRequest = z
  .object({
    targetType: z.enum(payerLinkTargets),
    targetId: Uuid.openapi({ description: 'The virtual account, expected payment or customer id.' }),
  })
  .openapi('CreatePayerLinkRequest');

export const PayerLink = z
  .object({
    token: z.string().openapi({ description: '128 random bits, base64url; whoever has it can see the payer page.' }),
    path: z.string().openapi({ example: '/pay/q2nC0Tn1bYH8Wm7r3aPz4A', description: 'The portal\'s public payer page.' }),
    targetType: z.enum(payerLinkTargets),
    targetId: Uuid,
    createdAt: Timestamp,
  })
  .openapi('PayerLink');

export const PayerLinkParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .openapi({ param: { name: 'token', in: 'path' }, example: 'q2nC0Tn1bYH8Wm7r3aPz4A' }),
});

export const PayerPage = z
  .object({
    merchantName: z.string(),
    targetType: z.enum(payerLinkTargets),
    status: z.literal('PAYABLE'),
    paymentOptions: PaymentOptions,
    bill: z
      .object({
        paymentReference: z.string(),
        amount: z.number(),
        amountDue: z.number().openapi({ description: 'What is still to pay: the amount less what was paid so far (the steps in paymentOptions quote it).' }),
        currency: z.string(),
        expiresAt: Timestamp,
        status: z.enum(billStatuses),
      })
      .nullable()
      .openapi({ description: 'The bill being paid; null unless the link is for a bill or its invoice account.' }),
    customer: z.object({ displayName: z.string() }).nullable(),
    accountName: z.string(),
    currency: z.string().openapi({ example: 'KES', description: "What the payer pays in: the bill's currency, else the account's. paymentOptions offers only the channels that carry it." }),
  })
  .openapi('PayerPage', { description: 'What a payer needs to pay, and nothing else of the merchant.' });

export const PayerLinkClosure = z
  .object({
    reason: z.enum(['BILL_PAID', 'BILL_CANCELLED', 'BILL_EXPIRED', 'CUSTOMER_INACTIVE', 'ACCOUNT_CLOSED']),
    at: Timestamp.nullable().openapi({
      description: 'When it closed, where known: the payment that settled the bill, its cancellation, its expiry.',
    }),
    merchantName: z.string(),
    bill: z.object({ paymentReference: z.string(), amount: z.number(), currency: z.string() }).nullable(),
  })
  .openapi('PayerLinkClosure', { description: 'Why a payer link can no longer be paid, for a page in the payer\'s language.' });

export const PayerLinkClosedProblem = Problem.extend({ closed: PayerLinkClosure }).openapi('PayerLinkClosedProblem', {
  description: 'RFC 9457 problem details, with what the closed payer page shows.',
});
