import { z } from '@hono/zod-openapi';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { balanceEntryTypes } from '@/lib/ledger/schema';

/** More entries than this in one period answer 422: a statement is read whole, so ask for a shorter period. */
export const MAX_STATEMENT_ENTRIES = 10_000;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date from 1970 to 9999-12-30 (the day after the last one must exist too). */
const isCalendarDay = (text: string) => {
  if (!DAY_PATTERN.test(text) || text < '1970-01-01' || text > '9999-12-30') return false;
  // Month 13 is an invalid Date (toISOString would throw); 30 February rolls over into March.
  const parsed = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
};
const StatementDay = z.string().refine(isCalendarDay, 'Must be a calendar date, YYYY-MM-DD, from 1970-01-01 to 9999-12-30.');

export const StatementParams = z.object({
  virtualAccountId: Uuid.openapi({ param: { name: 'virtualAccountId', in: 'path' } }),
});

export const StatementQuery = z
  .object({
    from: StatementDay.optional().openapi({ example: '2026-11-01', description: 'The first Nairobi day of the period, YYYY-MM-DD; the first of this month when absent.' }),
    to: StatementDay.optional().openapi({ example: '2026-11-30', description: 'The last Nairobi day, included; today when absent. The next period starts the day after.' }),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.to < query.from) context.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after from.' });
  });

export const StatementEntry = z
  .object({
    id: Uuid,
    type: z.enum(balanceEntryTypes).openapi({ description: 'CREDIT (a payment), DEBIT (a reversal) and SETTLEMENT (paid out, or given back) move the balance; FEE moves the fee balance.' }),
    amount: z.number().openapi({ description: 'Signed: credits and fees positive, debits negative.' }),
    balanceAfter: z.number().openapi({ description: 'The balance after this entry (unchanged by a FEE).' }),
    feeBalanceAfter: z.number().openapi({ description: 'The fee balance after this entry (changed only by a FEE).' }),
    paymentId: Uuid.nullable(),
    settlementId: Uuid.nullable().openapi({ description: 'The settlement a SETTLEMENT entry paid out (negative) or gave back when it failed or returned (positive).' }),
    description: z.string(),
    createdAt: Timestamp,
  })
  .openapi('StatementEntry');

export const AccountStatement = z
  .object({
    virtualAccountId: Uuid,
    accountNumber: z.string(),
    accountName: z.string(),
    currency: z.string().length(3),
    from: z.string().openapi({ example: '2026-11-01', description: 'First Nairobi day of the period.' }),
    to: z.string().openapi({ example: '2026-11-30', description: 'Last Nairobi day of the period, included.' }),
    periodStart: Timestamp.openapi({ description: 'Midnight starting `from`, Nairobi time.' }),
    periodEnd: Timestamp.openapi({ description: 'Midnight ending `to`, Nairobi time: the next period\'s start.' }),
    openingBalance: z.number().openapi({ description: 'The balance after the last entry before the period; 0 when there is none.' }),
    closingBalance: z.number().openapi({ description: 'The balance after the period\'s last entry: the next period\'s opening balance. For a period up to today, the account\'s balance.' }),
    openingFeeBalance: z.number(),
    closingFeeBalance: z.number(),
    totalCredits: z.number().openapi({ description: 'Sum of the period\'s CREDIT entries.' }),
    totalDebits: z.number().openapi({ description: 'Sum of the period\'s DEBIT entries (negative or zero).' }),
    totalFees: z.number().openapi({ description: 'Sum of the period\'s FEE entries.' }),
    totalPaidOut: z.number().openapi({ description: 'Sum of the period\'s SETTLEMENT entries: paid out (negative), less what failed or returned settlements gave back. openingBalance + totalCredits + totalDebits + totalPaidOut = closingBalance.' }),
    entries: z.array(StatementEntry).openapi({ description: `Every entry of the period, oldest first (ledger order); at most ${MAX_STATEMENT_ENTRIES}.` }),
    generatedAt: Timestamp,
  })
  .openapi('AccountStatement');
