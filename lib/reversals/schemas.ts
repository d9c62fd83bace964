import { z } from '@hono/zod-openapi';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { isStorableText } from '@/lib/platform/text';
import { DarajaAccountResult } from '@/lib/rails/daraja-result';
import { paymentRails } from '@/lib/payments/schema';
import { reversalOrigins, reversalStatuses } from './schema';

export const Reversal = z
  .object({
    id: Uuid,
    paymentId: Uuid,
    rail: z.enum(paymentRails),
    origin: z.enum(reversalOrigins).openapi({ description: 'MERCHANT: asked through the API or the portal. RAIL: the rail returned the money on its own (a bank return).' }),
    status: z.enum(reversalStatuses).openapi({ description: 'REQUESTED: waiting for the rail. CONFIRMED: the money went back to the payer. FAILED: nothing moved; `reason` says why.' }),
    amount: z.number().openapi({ description: 'The whole payment, debited from the account when confirmed.' }),
    feeAmount: z.number().openapi({ description: 'Our fee on the payment, refunded when the reversal is confirmed.' }),
    currency: z.string(),
    railReference: z.string().nullable().openapi({ description: 'The rail\'s reference of the reversal: M-Pesa\'s reversal transaction id, or the bank\'s return reference.' }),
    resultCode: z.string().nullable().openapi({ description: 'The rail\'s result code, as it sent it.' }),
    reason: z.string().nullable().openapi({ description: 'Why the rail refused (FAILED), or why it returned the money (RAIL), in its words.' }),
    remarks: z.string().nullable(),
    attention: z.string().nullable().openapi({
      description: 'Set while a REQUESTED reversal waits for an operator instead of the rail: M-Pesa reported reversing an amount other than the payment\'s, so nothing was applied (docs/reconciliation.md).',
    }),
    requestedBy: Uuid.nullable(),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
  })
  .openapi('PaymentReversal');

export const ReverseRequest = z
  .object({
    remarks: z
      .string()
      .trim()
      .min(2)
      .max(100)
      .refine(isStorableText, 'Must not contain control characters.')
      .optional()
      .openapi({ description: 'Why, in 2 to 100 characters; sent to the rail (Daraja\'s Remarks).', example: 'Paid twice by mistake' }),
  })
  .openapi('ReverseRequest');

export const IdempotencyKeyHeader = z.object({
  'idempotency-key': z.string().min(1).max(255).openapi({ description: 'Required: a retry with the same key and body replays the first answer and never asks the rail twice.' }),
});

/**
 * Daraja's Result for an account-level request (Reversal), POSTed to the ResultURL; the same shape
 * reaches the QueueTimeOutURL when the request expired in its queue (docs/reconciliation.md). Read
 * leniently, as every Daraja callback (lib/rails/daraja-result.ts).
 */
export const DarajaReversalResult = z.looseObject({ Result: DarajaAccountResult }).openapi('DarajaReversalResult');
export type DarajaReversalResultInput = z.infer<typeof DarajaReversalResult>;

const Amount = z.union([z.string(), z.number()]).openapi({ example: '2500.75' });

/** A bank's notice that it returned a credit to the payer (signed as its credit notifications are). */
export const BankReturnNotification = z
  .object({
    returnReference: z.string().trim().min(1).max(64).openapi({ example: 'RT26328XYZ9876', description: 'Unique per return: a repeat is a duplicate.' }),
    originalBankReference: z.string().trim().min(1).max(64).openapi({ example: 'FT26325ABC1234', description: 'The bankReference of the credit being returned.' }),
    amount: Amount.openapi({ description: 'Must be the whole credit: partial returns are not taken.' }),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Must be a three-letter currency code.'),
    reason: z.string().max(500).nullish().openapi({ example: 'Returned at the payer\'s request (duplicate payment)' }),
    returnTime: z.string().max(100).nullish().openapi({ example: '2026-11-24T10:02:53Z' }),
  })
  .openapi('BankReturnNotification');
export type BankReturnInput = z.infer<typeof BankReturnNotification>;

export const BankReturnResult = z
  .object({
    status: z.enum(['reversed', 'duplicate']),
    paymentId: Uuid,
    reversalId: Uuid,
  })
  .openapi('BankReturnResult');
