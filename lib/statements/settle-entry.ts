import { and, eq, inArray } from 'drizzle-orm';
import { toUnits } from '@/lib/money/decimal';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { storableKey, storableText } from '@/lib/platform/text';
import { processBankCredit } from '@/lib/rails/bank-credit';
import { settlePayoutEntry } from '@/lib/settlement/payouts/statement-payouts';
import type { EntryOutcome } from './schema';
import type { BankStatement, StatementEntry } from './statement';

export interface EntryResult {
  outcome: EntryOutcome;
  paymentId?: string;
  suspenseId?: string;
  detail?: string;
}

/** What the service holds under a bank reference, as far as a statement can compare it. */
interface Held {
  amount: string | null;
  amountText: string;
  currency: string;
  accountNumber: string | null;
}

/** The differences between what the bank booked and what the service holds; empty when they agree. */
function differences(entry: StatementEntry, held: Held): string[] {
  const found: string[] = [];
  const sameAmount = held.amount !== null ? toUnits(held.amount) === toUnits(entry.amount) : held.amountText.trim() === entry.amount;
  if (!sameAmount) found.push(`amount ${entry.amount} on the statement, ${held.amount ?? held.amountText} recorded`);
  if (held.currency !== entry.currency) found.push(`currency ${entry.currency} on the statement, ${held.currency} recorded`);
  // A statement without the creditor account cannot contradict the account: only what it says is compared.
  if (entry.accountNumber !== null && storableText(entry.accountNumber) !== held.accountNumber) {
    found.push(`account ${entry.accountNumber} on the statement, ${held.accountNumber ?? 'none'} recorded`);
  }
  return found;
}

type PaymentRow = typeof payments.$inferSelect;
type SuspenseRow = typeof suspensePayments.$inferSelect;

/** What the service held under a statement's bank references when its import began. */
export interface HeldCredits {
  payments: Map<string, PaymentRow>;
  suspense: Map<string, SuspenseRow>;
}

/** Bind parameters a lookup statement carries: well under PostgreSQL's 65,535. */
const REFERENCES_PER_LOOKUP = 5_000;

/** One pass over the references (a few statements for a day's file), instead of two queries an entry. */
export async function heldCredits(references: string[]): Promise<HeldCredits> {
  const held: HeldCredits = { payments: new Map(), suspense: new Map() };
  const unique = [...new Set(references)];
  for (let start = 0; start < unique.length; start += REFERENCES_PER_LOOKUP) {
    const slice = unique.slice(start, start + REFERENCES_PER_LOOKUP);
    for (const row of await db().select().from(payments).where(and(eq(payments.rail, 'BANK'), inArray(payments.providerReference, slice)))) held.payments.set(row.providerReference, row);
    for (const row of await db().select().from(suspensePayments).where(and(eq(suspensePayments.rail, 'BANK'), inArray(suspensePayments.providerReference, slice)))) held.suspense.set(row.providerReference, row);
  }
  return held;
}

const findPayment = async (reference: string) =>
  (await db().select().from(payments).where(and(eq(payments.rail, 'BANK'), eq(payments.providerReference, reference))))[0];
const findSuspense = async (reference: string) =>
  (await db().select().from(suspensePayments).where(and(eq(suspensePayments.rail, 'BANK'), eq(suspensePayments.providerReference, reference))))[0];

/** Matched against what the service holds under the reference, or undefined when it holds nothing. */
function compareWith(entry: StatementEntry, payment: PaymentRow | undefined, held: SuspenseRow | undefined): EntryResult | undefined {
  if (payment) {
    const found = differences(entry, { amount: payment.amount, amountText: payment.amount, currency: payment.currency, accountNumber: payment.accountNumber });
    return found.length ? { outcome: 'MISMATCHED', paymentId: payment.id, detail: found.join('; ') } : { outcome: 'MATCHED', paymentId: payment.id };
  }
  if (held) {
    const found = differences(entry, held);
    return found.length ? { outcome: 'MISMATCHED', suspenseId: held.id, detail: found.join('; ') } : { outcome: 'HELD', suspenseId: held.id, detail: held.detail ?? held.reason };
  }
  return undefined;
}

async function compareWithHeld(entry: StatementEntry, reference: string): Promise<EntryResult | undefined> {
  const payment = await findPayment(reference);
  return compareWith(entry, payment, payment ? undefined : await findSuspense(reference));
}

/** The reference an entry is kept under: the bank's, made storable as the bank rail makes it. */
export const referenceOf = (entry: StatementEntry) => storableKey(entry.bankReference);

/**
 * Why an entry is not a payer's credit, or null when it is one. Debits (the service only collects;
 * a bank charge, a payout, a debit booked as a batch), reversals, entries not booked yet and zero
 * amounts are listed as SKIPPED with this sentence: they never stop the file's credits.
 */
export function skipReason(entry: StatementEntry): string | null {
  if (entry.skip) return entry.skip;
  // The most telling reason first: a reversal (RC is a debit, RD a credit) or a zero amount says more than its direction.
  if (entry.reversal) return 'A reversal of an earlier entry, not a payer\'s credit.';
  if (!entry.booked) return 'Not booked yet (pending or for information): it is matched when a statement books it.';
  if (toUnits(entry.amount) === 0n) return 'A zero amount: no money moved.';
  if (entry.direction === 'DEBIT') return 'A debit: the service only collects.';
  return null;
}

/**
 * One entry of a bank statement against the service. A credit the service holds under the bank's
 * reference (a BANK payment or suspense row) is matched, or listed as a mismatch when the amount,
 * currency or account differ (nothing is written then). A credit never notified is recorded now
 * through the bank rail's own exactly-once path, exactly as if its notification had come: placement,
 * fees, bills and suspense rules all apply, and a notification arriving at the same moment is a
 * duplicate of it, not a second credit. `held` is what heldCredits() found for the whole statement.
 */
export async function settleEntry(statement: BankStatement, entry: StatementEntry, held?: HeldCredits): Promise<EntryResult> {
  // A settlement's payout (a debit naming it) or its return by the merchant's bank: never a payer's credit.
  const payout = await settlePayoutEntry(entry);
  if (payout) return payout;
  const skip = skipReason(entry);
  if (skip) return { outcome: 'SKIPPED', detail: skip };

  const reference = referenceOf(entry);
  // Held before the import began, or (without that list) now: a credit held since is caught below as a duplicate.
  const known = held ? compareWith(entry, held.payments.get(reference), held.suspense.get(reference)) : await compareWithHeld(entry, reference);
  if (known) return known;

  const result = await processBankCredit(
    {
      bankReference: entry.bankReference,
      accountNumber: entry.accountNumber ?? '',
      amount: entry.amount,
      currency: entry.currency,
      payerName: entry.payerName,
      payerAccount: entry.payerAccount,
      narration: entry.narration,
      channel: entry.channel,
      transactionTime: entry.bookedAt ?? '',
    },
    {},
    // Kept with a suspense row: where the money was seen, for whoever works it off.
    JSON.stringify({ source: `${statement.format} statement ${statement.statementId} of ${statement.bankAccount}`, entry }),
  );
  // Recorded by someone else in between (a notification arriving now): compared like any known credit.
  if (result.outcome !== 'rejected' && result.duplicate) return (await compareWithHeld(entry, reference)) ?? { outcome: 'MISMATCHED', detail: 'Recorded meanwhile, then not found.' };
  if (result.outcome === 'recorded') return { outcome: 'RECORDED', paymentId: result.payment.id };
  if (result.outcome === 'suspense') return { outcome: 'SUSPENSE', suspenseId: (await findSuspense(reference))?.id, detail: result.reason };
  return { outcome: 'MISMATCHED', detail: `Refused: ${result.reason}` };
}
