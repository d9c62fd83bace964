import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { paymentChannels, paymentRails, suspenseStatuses } from '@/lib/payments/schema';

export const SuspensePayment = z
  .object({
    id: Uuid,
    rail: z.enum(paymentRails),
    channel: z.enum(paymentChannels).nullable(),
    providerReference: z.string().openapi({ description: 'The M-Pesa receipt or bank reference; the payment it becomes keeps it.' }),
    accountNumber: z.string().nullable().openapi({ description: 'What the payer entered as the account, as the rail sent it.' }),
    amount: z.number().nullable().openapi({ description: 'Null when what the rail sent is not an amount of money (see amountText): such money can only be returned.' }),
    amountText: z.string().openapi({ description: 'The amount exactly as the rail sent it.' }),
    currency: z.string(),
    reason: z.string().openapi({ description: 'Why it could not be placed, e.g. WRONG_CURRENCY, INVALID_CHECK_DIGIT, UNREADABLE_AMOUNT.' }),
    detail: z.string().nullable().openapi({ description: 'The reason as a sentence.' }),
    payerName: z.string().nullable(),
    payerPhone: z.string().nullable(),
    narration: z.string().nullable(),
    receivedAt: Timestamp.openapi({ description: 'When the rail says the money arrived.' }),
    status: z.enum(suspenseStatuses).openapi({ description: 'OPEN waits for a person; RESOLVED became a payment; RETURN_REQUESTED is to be paid back to the payer.' }),
    virtualAccountId: Uuid.nullable().openapi({ description: 'The account the payer named, when it is known; after resolution, the account credited.' }),
    subMerchantId: Uuid.nullable(),
    resolvedPaymentId: Uuid.nullable().openapi({ description: 'The payment it became (RESOLVED).' }),
    resolvedAt: Timestamp.nullable(),
    resolutionNote: z.string().nullable(),
    returnRequestedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .openapi('SuspensePayment');

export const SuspenseListQuery = z.object({
  status: z.enum(suspenseStatuses).optional(),
  ...pageQuery,
});
export type SuspenseListFilters = z.output<typeof SuspenseListQuery>;

export const SuspenseIdParams = z.object({ suspenseId: Uuid.openapi({ param: { name: 'suspenseId', in: 'path' } }) });

export const ResolveSuspenseRequest = z
  .object({
    virtualAccountId: Uuid.optional().openapi({ description: 'Credit it to this account of yours.' }),
    expectedPaymentId: Uuid.optional().openapi({
      description: "Count it toward this open bill: credited to the account given, else the bill's own account, else the account the payer named.",
    }),
    note: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.virtualAccountId !== undefined || body.expectedPaymentId !== undefined, {
    message: 'Give virtualAccountId, expectedPaymentId, or both.',
    path: ['virtualAccountId'],
  })
  .openapi('ResolveSuspenseRequest');
export type ResolveSuspenseInput = z.output<typeof ResolveSuspenseRequest>;

export const ReturnSuspenseRequest = z
  .object({ note: z.string().trim().max(500).optional().openapi({ description: 'Why, for whoever pays it back.' }) })
  .openapi('ReturnSuspenseRequest');

export const MovePaymentRequest = z
  .object({
    expectedPaymentId: Uuid.openapi({ description: 'An open bill of the same merchant (and sub-merchant) in the payment\'s currency.' }),
    note: z.string().trim().max(500).optional(),
  })
  .openapi('MovePaymentRequest');

export const NotePaymentRequest = z
  .object({ note: z.string().trim().min(1).max(500).openapi({ description: 'What was done about it, e.g. "Refunded by cheque 0042".' }) })
  .openapi('NotePaymentRequest');
