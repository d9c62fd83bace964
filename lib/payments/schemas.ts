import { z } from '@hono/zod-openapi';
import { Currency } from '@/lib/accounts/schemas';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, TimestampInput, Uuid } from '@/lib/api/schemas';
import { decimalText } from '@/lib/money/decimal';
import { attentionResolutions, matchStatuses, paymentChannels, paymentStatuses } from './schema';

const PaymentAttention = z
  .object({
    resolution: z.enum(attentionResolutions).openapi({ description: 'MOVED onto another open bill (matchStatus is then that bill\'s), or NOTED: left where it is.' }),
    note: z.string().nullable(),
    movedFromExpectedPaymentId: Uuid.nullable().openapi({ description: 'The closed bill it first named (MOVED).' }),
    resolvedAt: Timestamp,
  })
  .openapi('PaymentAttention');

/** The rule a payment's fee was charged under, as stored (lib/pricing/applied-rule.ts); its figures are exact decimal text. */
const PaymentFeeRule = z
  .object({
    source: z.enum(['DEFAULT', 'MERCHANT', 'NONE']).openapi({ description: 'DEFAULT: the deployment\'s schedule; MERCHANT: the merchant\'s own pricing; NONE: no rule for the currency and channel (no fee).' }),
    merchantPricingId: Uuid.nullable(),
    currency: z.string(),
    channel: z.enum(paymentChannels),
    percent: z.string().optional().openapi({ example: '1' }),
    fixed: z.string().optional().openapi({ example: '0' }),
    min: z.string().optional(),
    max: z.string().optional(),
  })
  .openapi('PaymentFeeRule');

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
    status: z.enum(paymentStatuses).openapi({
      description: 'RECEIVED: the money is in the account. REVERSAL_PENDING: a reversal was asked of the rail and waits for its answer. REVERSED: the rail gave the money back to the payer (docs/reconciliation.md).',
    }),
    attention: PaymentAttention.nullable().openapi({ description: 'What a person did about a NEEDS_ATTENTION payment; null until then.' }),
    settlementId: Uuid.nullable().openapi({ description: 'The settlement that paid this payment\'s net out (PENDING, PROCESSING or PAID); null until settled, and again if that settlement failed or came back (docs/settlement.md).' }),
    feeRule: PaymentFeeRule.nullable().openapi({ description: 'The fee rule the payment was charged under (docs/pricing.md); null for payments recorded before per-currency pricing.' }),
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
  needsAttention: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: NEEDS_ATTENTION payments nobody has dealt with yet; false: every other payment.' }),
  attentionDealtWith: z
    .enum(['true'])
    .optional()
    .openapi({ description: 'true: only payments that needed attention and someone dealt with (moved onto another bill or marked resolved), for a "recently dealt with" list.' }),
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
  .object({
    paymentCount: z.number().int(),
    totalAmount: z.number(),
    currency: z.string(),
    feeAmount: z.number().openapi({ description: 'Our fees on those payments.' }),
    netAmount: z.number().openapi({ description: 'totalAmount − feeAmount: what reaches the accounts.' }),
  })
  .openapi('PaymentSummary');

/** The most days one daily-totals answer covers: a year, leap day included. */
export const MAX_TOTALS_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date from 1970 to 9999 ("2026-02-30" is not one). */
/** 2026-02-30 and 2026-13-01 are not days: the first reads back as another day, the second not at all. */
function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text) || text < '1970-01-01') return false;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
const CalendarDay = z
  .string()
  .refine(isCalendarDay, 'Must be a calendar date, YYYY-MM-DD, from 1970 on.')
  .openapi({ example: '2026-11-01', description: 'A Nairobi calendar date, YYYY-MM-DD.' });

const { from: _from, to: _to, ...dayFilters } = paymentFilters;

export const DailyTotalsQuery = z
  .object({
    from: CalendarDay.openapi({ description: 'The first Nairobi day, YYYY-MM-DD.' }),
    to: CalendarDay.openapi({ description: `The last Nairobi day, included; at most ${MAX_TOTALS_DAYS} days from \`from\`.` }),
    ...dayFilters,
    currency: Currency.optional().openapi({
      description: "Only this currency. Without it: the merchant's currency every day, and any other currency paid in the range every day too.",
    }),
  })
  .superRefine((query, context) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after from.' });
    else if (days > MAX_TOTALS_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: `Must be at most ${MAX_TOTALS_DAYS} days from from (both included).` });
  });
export type DailyTotalsFilters = z.output<typeof DailyTotalsQuery>;

export const DailyTotal = z
  .object({
    day: z.string().openapi({ example: '2026-11-21', description: 'The Nairobi calendar date.' }),
    currency: z.string(),
    paymentCount: z.number().int(),
    totalAmount: z.number().openapi({ description: 'What payers paid that day (gross).' }),
    feeAmount: z.number().openapi({ description: 'Our fees on those payments.' }),
    netAmount: z.number().openapi({ description: 'totalAmount − feeAmount.' }),
  })
  .openapi('DailyTotal');

export const PaymentIdParams = z.object({ paymentId: Uuid.openapi({ param: { name: 'paymentId', in: 'path' } }) });
