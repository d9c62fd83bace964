import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '@/lib/events/record';
import type { EventType } from '@/lib/events/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { storableText } from '@/lib/platform/text';
import { postSettlementEntries } from './ledger-entries';
import { settlementItems, settlements, type SettlementRow, type SettlementStatus } from './schema';
import { toSettlementJson } from './serialize';

export interface Transition {
  settlement: SettlementRow;
  /** False when the settlement was already past this step (a repeated callback, a second caller). */
  changed: boolean;
}

/** What a rail knows when it takes a settlement on (Daraja's acknowledgement ids). */
export interface ProcessingDetails {
  originatorConversationId?: string | null;
  conversationId?: string | null;
}

const clip = (text: string | null | undefined, length: number) => (text ? storableText(text).slice(0, length) : null);

/**
 * Every transition is one conditional UPDATE (`… WHERE status IN (from) RETURNING`): of two
 * concurrent callers exactly one gets the row back and does the rest (event, release) in the same
 * transaction; the other sees the settlement as it now is, unchanged. Statuses only move forward.
 */
async function transition(
  tx: Queryable,
  id: string,
  from: readonly SettlementStatus[],
  set: Partial<typeof settlements.$inferInsert>,
): Promise<Transition | null> {
  const [moved] = await tx
    .update(settlements)
    .set(set)
    .where(and(eq(settlements.id, id), inArray(settlements.status, [...from])))
    .returning();
  if (moved) return { settlement: moved, changed: true };
  const [current] = await tx.select().from(settlements).where(eq(settlements.id, id));
  return current ? { settlement: current, changed: false } : null;
}

const record = (tx: Queryable, settlement: SettlementRow, type: EventType) =>
  recordEvent(tx, { merchantId: settlement.merchantId, subMerchantId: settlement.subMerchantId, type, data: toSettlementJson(settlement) });

/**
 * Gives a failed or returned settlement's money back to the merchant: its items are released (kept
 * for history, released_at set), the payments and reversals it covered point at no settlement any
 * more (the next settlement covers them again), and each account gets the opposite SETTLEMENT entry.
 */
async function release(tx: Queryable, settlement: SettlementRow, description: string, now: Date): Promise<void> {
  const released = await tx
    .update(settlementItems)
    .set({ releasedAt: now })
    .where(and(eq(settlementItems.settlementId, settlement.id), isNull(settlementItems.releasedAt)))
    .returning({ virtualAccountId: settlementItems.virtualAccountId, netAmount: settlementItems.netAmount });
  // Through the items (no index names payments.settlement_id): each payment back in
  // unsettled_payments for the next settlement, unless reversed since (never due then: see
  // create-settlement's takeReleasedReversedPayments for a reversal that stands elsewhere).
  await tx.execute(sql`
    with cleared as (
      update payments p set settlement_id = null from settlement_items i
       where i.settlement_id = ${settlement.id}::uuid and i.kind = 'PAYMENT' and p.id = i.payment_id and p.created_at between id_created_after(i.payment_id) and id_created_before(i.payment_id) and p.settlement_id = ${settlement.id}::uuid
      returning p.id, p.created_at, p.merchant_id, p.currency, p.received_at, p.status
    )
    insert into unsettled_payments (payment_id, payment_created_at, merchant_id, currency, received_at)
    select id, created_at, merchant_id, currency, received_at from cleared where status <> 'REVERSED'
    on conflict (payment_id) do nothing`);
  await tx.execute(sql`
    update payment_reversals r set settlement_id = null from settlement_items i
     where i.settlement_id = ${settlement.id}::uuid and i.kind = 'REVERSAL' and r.payment_id = i.payment_id and r.settlement_id = ${settlement.id}::uuid`);
  if (released.length === 0) return;
  // Exactly the opposite of what the settlement posted (its items' nets, and any carried cents:
  // lib/settlement/carry.ts), summed in SQL by account.
  const { rows } = await tx.execute<{ virtual_account_id: string; amount: string }>(sql`
    select virtual_account_id, (-sum(amount))::text as amount from balance_entries
     where settlement_id = ${settlement.id} and type = 'SETTLEMENT' group by virtual_account_id`);
  await postSettlementEntries(
    tx,
    settlement,
    rows.map((row) => ({ virtualAccountId: row.virtual_account_id, amount: row.amount })),
    description,
  );
}

/** PENDING → PROCESSING: the rail took it (a bank file written, Daraja acknowledged). */
export async function markProcessingIn(tx: Queryable, id: string, details: ProcessingDetails = {}, now = new Date()): Promise<Transition | null> {
  return transition(tx, id, ['PENDING'], {
    status: 'PROCESSING',
    processingAt: now,
    ...(details.originatorConversationId !== undefined ? { originatorConversationId: details.originatorConversationId } : {}),
    ...(details.conversationId !== undefined ? { conversationId: details.conversationId } : {}),
  });
}

/** PENDING or PROCESSING → PAID, once: `settlement.paid`. */
export async function markPaidIn(
  tx: Queryable,
  id: string,
  outcome: { providerReference?: string | null; paidAt?: Date },
  now = new Date(),
): Promise<Transition | null> {
  const result = await transition(tx, id, ['PENDING', 'PROCESSING'], {
    status: 'PAID',
    paidAt: outcome.paidAt ?? now,
    ...(outcome.providerReference ? { providerReference: clip(outcome.providerReference, 200) } : {}),
  });
  if (result?.changed) await record(tx, result.settlement, 'settlement.paid');
  return result;
}

/** PENDING or PROCESSING → FAILED, once: the money is back in `available` at once, `settlement.failed`. */
export async function markFailedIn(tx: Queryable, id: string, reason: string, now = new Date()): Promise<Transition | null> {
  const result = await transition(tx, id, ['PENDING', 'PROCESSING'], { status: 'FAILED', failedAt: now, failureReason: clip(reason, 500) });
  if (result?.changed) {
    await release(tx, result.settlement, `Settlement ${result.settlement.id} failed`, now);
    await record(tx, result.settlement, 'settlement.failed');
  }
  return result;
}

/** PAID → RETURNED, once (the bank sent it back): the money is back in `available`, `settlement.returned`. */
export async function markReturnedIn(tx: Queryable, id: string, reason: string, now = new Date()): Promise<Transition | null> {
  const result = await transition(tx, id, ['PAID'], { status: 'RETURNED', returnedAt: now, failureReason: clip(reason, 500) });
  if (result?.changed) {
    await release(tx, result.settlement, `Settlement ${result.settlement.id} returned`, now);
    await record(tx, result.settlement, 'settlement.returned');
  }
  return result;
}

/** Each in a transaction of its own; the `…In` forms join the caller's (an import marking many). */
export const markProcessing = (id: string, details?: ProcessingDetails, now?: Date) =>
  db().transaction((tx) => markProcessingIn(tx, id, details, now));
export const markPaid = (id: string, outcome: { providerReference?: string | null; paidAt?: Date } = {}, now?: Date) =>
  db().transaction((tx) => markPaidIn(tx, id, outcome, now));
export const markFailed = (id: string, reason: string, now?: Date) => db().transaction((tx) => markFailedIn(tx, id, reason, now));
export const markReturned = (id: string, reason: string, now?: Date) => db().transaction((tx) => markReturnedIn(tx, id, reason, now));
