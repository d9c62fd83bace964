import { z } from '@hono/zod-openapi';
import { Currency } from '@/lib/accounts/schemas';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, TimestampInput, Uuid } from '@/lib/api/schemas';
import { listOfCodes } from '@/lib/money/channels';
import { currencyCodes } from '@/lib/money/currencies';
import { amountProblem, decimalText } from '@/lib/money/decimal';
import { billStatuses } from './schema';

/**
 * Payers type the reference after the account number in M-Pesa's account field, so it keeps to
 * ASCII characters every keypad has (which also keeps its case-folded key locale-proof, see
 * reference.ts). Surrounding spaces are dropped: they would never be told apart from none.
 */
const PaymentReference = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(64, { abort: true })
  .regex(/^[A-Za-z0-9._/-]+$/, 'Use only letters, digits and - _ / . (payers type it into the M-Pesa account field).')
  .openapi({ example: 'INV-2026-0042', description: 'Your reference for the bill; unique within the merchant ignoring letter case (INV-1 and inv-1 are the same bill).' });

/** amountProblem checks decimals only for a known currency: this asks for sign and format alone. */
const ANY_CURRENCY = '';

/** Positive, exact, and (checked against the currency below) no finer than its minor unit. */
const Amount = z
  .number()
  .superRefine((amount, context) => {
    const problem = amountProblem(decimalText(amount), ANY_CURRENCY);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .openapi({ example: 1500.5 });

/** What the bill is for; blank text means none. */
const Description = z
  .string()
  .trim()
  .max(500, 'Must be at most 500 characters.')
  .transform((text) => text || null)
  .openapi({ type: 'string', example: 'School fees, term 1 2027', description: 'What the bill is for, at most 500 characters; shown to the payer.' });

const FURTHEST_EXPIRY_TEXT = 'at most one year ahead';
const ExpiresAt = z.iso
  .datetime({ offset: true })
  .superRefine((text, context) => {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return;
    const yearAhead = new Date();
    yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
    if (at <= Date.now()) context.addIssue({ code: 'custom', message: 'Must be a future time in ISO 8601 UTC, such as 2026-12-31T21:00:00Z.' });
    else if (at > yearAhead.getTime()) context.addIssue({ code: 'custom', message: `Must be ${FURTHEST_EXPIRY_TEXT}.` });
  })
  .openapi({ example: '2026-12-31T21:00:00Z', description: `ISO 8601; in the future and ${FURTHEST_EXPIRY_TEXT}.` });

export const CreateExpectedPaymentRequest = z
  .object({
    paymentReference: PaymentReference,
    amount: Amount,
    currency: Currency.optional().openapi({
      description: `${listOfCodes(currencyCodes)}: a currency some payment channel carries (docs/payments.md, "Currencies and channels"). Defaults to the merchant's default currency.`,
    }),
    expiresAt: ExpiresAt,
    description: Description.nullish(),
    provisionInvoiceVa: z.boolean().default(true).openapi({ description: 'Give the bill its own one-time account number.' }),
    customerId: Uuid.nullish().openapi({ description: "The customer billed; the bill takes the customer's sub-merchant." }),
    subMerchantId: Uuid.nullish().openapi({ description: 'The sub-merchant billing; a scoped user always bills for its own.' }),
  })
  .superRefine((bill, context) => {
    // Without a currency, the merchant's default is only known in the handler, which checks again.
    if (bill.currency === undefined || amountProblem(decimalText(bill.amount), ANY_CURRENCY)) return;
    const problem = amountProblem(decimalText(bill.amount), bill.currency);
    if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
  })
  .openapi('CreateExpectedPaymentRequest');

export const ExpectedPayment = z
  .object({
    id: Uuid,
    merchantId: Uuid,
    subMerchantId: Uuid.nullable(),
    customerId: Uuid.nullable(),
    customerName: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "The customer's displayName (null without a customer). In the API's answers; left out of webhook events' data." }),
    paymentReference: z.string(),
    description: z.string().nullable(),
    amount: z.number(),
    amountPaid: z.number().openapi({ description: 'Paid so far; amount less amountPaid is still due.' }),
    currency: z.string(),
    status: z.enum(billStatuses).openapi({ description: 'An OPEN or PARTIALLY_PAID bill past expiresAt reads EXPIRED.' }),
    expiresAt: Timestamp,
    matchedCreditId: Uuid.nullable(),
    virtualAccountId: Uuid.optional().openapi({ description: 'Present when an invoice account was provisioned.' }),
    virtualAccountNumber: z.string().optional().openapi({ description: 'The invoice collection account number.' }),
    createdAt: Timestamp,
  })
  .openapi('ExpectedPayment');

/**
 * What may change on a bill: its description at any time, its amount and expiry only while nothing
 * is paid and it is still open (update.ts checks that against the stored bill).
 */
export const UpdateExpectedPaymentRequest = z
  .object({
    description: Description.nullable().optional().openapi({ description: 'What the bill is for; null or "" removes it.' }),
    amount: Amount.optional().openapi({ description: "The new amount, in the bill's currency; only while nothing is paid." }),
    expiresAt: ExpiresAt.optional().openapi({ description: 'The new expiry; only while nothing is paid. The invoice account expires with it.' }),
  })
  .strict()
  .refine((change) => Object.keys(change).length > 0, { message: 'Give at least one of description, amount and expiresAt.' })
  .openapi('UpdateExpectedPaymentRequest');

export const ExpectedPaymentListQuery = z.object({
  ...pageQuery,
  status: z.enum(billStatuses).optional().openapi({ description: 'EXPIRED includes open bills whose expiresAt has passed.' }),
  customerId: Uuid.optional(),
  q: z.string().min(1).max(64).optional().openapi({ description: 'Part of the payment reference, any letter case.' }),
  dueBefore: TimestampInput.optional().openapi({
    description: 'Only bills still awaiting payment (OPEN or PARTIALLY_PAID, not yet expired) whose expiresAt is at or before this instant.',
  }),
});

/** How many bills are in each state a merchant acts on: the overview's figures. */
export const BillSummary = z
  .object({
    open: z.number().int().openapi({ description: 'OPEN bills not yet expired (nothing paid).' }),
    partlyPaid: z.number().int().openapi({ description: 'PARTIALLY_PAID bills not yet expired.' }),
    dueWithinThreeDays: z.number().int().openapi({ description: 'OPEN or PARTIALLY_PAID bills that expire within the next 72 hours.' }),
    expired: z.number().int().openapi({ description: 'Bills that expired before being paid in full (status EXPIRED).' }),
    dueBefore: Timestamp.openapi({ description: 'The end of the 72 hours dueWithinThreeDays counts (the list filter `dueBefore` shows those bills).' }),
  })
  .openapi('BillSummary');

export const ExpectedPaymentParams = z.object({
  expectedPaymentId: Uuid.openapi({ param: { name: 'expectedPaymentId', in: 'path' } }),
});

export type CreateExpectedPaymentInput = z.infer<typeof CreateExpectedPaymentRequest>;
export type UpdateExpectedPaymentInput = z.infer<typeof UpdateExpectedPaymentRequest>;
export type ExpectedPaymentFilters = z.infer<typeof ExpectedPaymentListQuery>;
