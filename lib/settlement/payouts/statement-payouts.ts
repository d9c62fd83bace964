import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney, fromUnits, toUnits } from '@/lib/money/decimal';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import type { EntryResult } from '@/lib/statements/settle-entry';
import type { StatementEntry } from '@/lib/statements/statement';
import { settlements, type SettlementRow } from '../schema';
import { markPaid, markPaidIn, markReturnedIn } from '../transitions';
import { settlementIdOf } from './pain001';

/** The sentences an import lists such entries under (outcome SKIPPED: they are not payers' credits). */
export const PAYOUT_CONFIRMED = 'A settlement payout the bank booked: the settlement is PAID.';
export const PAYOUT_RETURNED = 'A settlement payout returned by the merchant\'s bank: the settlement is RETURNED, its money owed again.';

async function bankSettlementsNamed(entry: StatementEntry): Promise<SettlementRow[]> {
  const ids = [...new Set((entry.endToEndIds ?? []).flatMap((endToEndId) => settlementIdOf(endToEndId) ?? []))];
  if (ids.length === 0) return [];
  return db().select().from(settlements).where(and(eq(settlements.rail, 'BANK'), inArray(settlements.id, ids)));
}

const total = (rows: SettlementRow[]) => rows.reduce((sum, row) => sum + toUnits(row.amount), 0n);

/** A debit naming bank settlements: paid when the bank booked exactly their amount, in their currency. */
async function confirmPayout(entry: StatementEntry, named: SettlementRow[]): Promise<EntryResult> {
  const currency = named[0]!.currency;
  if (named.some((row) => row.currency !== entry.currency) || total(named) !== toUnits(entry.amount)) {
    return { outcome: 'MISMATCHED', detail: `The bank booked ${formatMoney(entry.amount, entry.currency)} for settlement${named.length > 1 ? 's' : ''} ${named.map((row) => row.id).join(', ')} of ${formatMoney(fromUnits(total(named)), currency)}: not confirmed; reconcile it with the bank.` };
  }
  const stale = named.filter((row) => row.status === 'FAILED' || row.status === 'RETURNED');
  if (stale.length > 0) {
    logger().error({ settlements: stale.map((row) => row.id), bankReference: entry.bankReference }, 'the bank booked a payout of a settlement given up as failed or returned');
    return { outcome: 'MISMATCHED', detail: `The bank booked the payout of settlement ${stale.map((row) => `${row.id} (${row.status})`).join(', ')}: the merchant may be paid twice; reconcile it with the bank.` };
  }
  // The bank's reference for the debit: AcctSvcrRef of the entry (or of its one transaction).
  for (const row of named) await markPaid(row.id, { providerReference: entry.bankReference, paidAt: entry.bookedAt ? new Date(entry.bookedAt) : undefined });
  return { outcome: 'SKIPPED', detail: PAYOUT_CONFIRMED };
}

/**
 * A credit returning a bank settlement (RtrInf naming its EndToEndId): RETURNED, its money owed
 * again. One still PROCESSING is paid first (the bank paid it out, then it came back), in the
 * same transaction. One FAILED or RETURNED already changes nothing.
 */
async function returnPayout(entry: StatementEntry, named: SettlementRow[]): Promise<EntryResult> {
  const reason = `Returned by the merchant's bank${entry.returnReason ? `: ${entry.returnReason}` : ''}.`;
  await db().transaction(async (tx) => {
    for (const row of named) {
      if (row.status === 'PENDING' || row.status === 'PROCESSING') await markPaidIn(tx, row.id, { providerReference: null });
      await markReturnedIn(tx, row.id, reason);
    }
  });
  return { outcome: 'SKIPPED', detail: PAYOUT_RETURNED };
}

/**
 * camt.053 entries about settlements (statement import, lib/statements/settle-entry.ts): a booked
 * DBIT whose EndToEndId is a bank settlement's confirms it PAID; a booked CRDT with return
 * information (RtrInf) whose EndToEndId is one's makes it RETURNED. Neither is ever a payment or
 * suspense. Undefined for every other entry, which the import treats as before. Importing the
 * statement again changes nothing (each transition happens once).
 */
export async function settlePayoutEntry(entry: StatementEntry): Promise<EntryResult | undefined> {
  if (!entry.booked || entry.reversal || !entry.endToEndIds?.length) return undefined;
  if (entry.direction === 'CREDIT' && entry.returnReason === undefined) return undefined;
  const named = await bankSettlementsNamed(entry);
  if (named.length === 0) return undefined;
  return entry.direction === 'DEBIT' ? confirmPayout(entry, named) : returnPayout(entry, named);
}
