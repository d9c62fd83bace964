import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { recordEvent } from '@/lib/events/record';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { sandboxEnabled } from '@/lib/platform/config';
import { db, type Queryable } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { inBucket } from './buckets';
import { settlementCutoff } from './cutoff';
import { carryFor, carryOf, withCarry } from './carry';
import { flushWrittenSoFar, postSettlementEntries } from './ledger-entries';
import { maskedDestination } from './mask';
import { queuePayout } from './payouts/dispatch';
import {
  settlementAccounts,
  settlementSchedules,
  settlements,
  type SettlementAccountRow,
  type SettlementRail,
  type SettlementRow,
} from './schema';
import { toSettlementJson } from './serialize';

export interface NewSettlement {
  merchantId: string;
  /** The bucket: a sub-merchant with its own settlement account, or null for the merchant's. */
  subMerchantId: string | null;
  currency: string;
  origin: 'MANUAL' | 'SCHEDULED';
  /** The Nairobi day a scheduled settlement is for (once per bucket and day). */
  scheduledFor?: string | null;
  /** Payments received before it are due; by default the merchant's schedule's (settlementCutoff). */
  cutoff?: Date;
  /** A partial payout: at most this much (exact decimal text), whole payments oldest first. */
  ceiling?: string | null;
  /** Below this (the schedule's minimum for the currency) nothing is created. */
  minimum?: string | null;
  requestedBy?: string | null;
  idempotencyKey?: string | null;
}

/** Filled in by settle(): when the account rows were locked (performance.now()). */
interface LockTiming {
  lockedAt?: number;
}

/**
 * How long each settlement made by createSettlement held its accounts' row locks, from their
 * UPDATE to COMMIT: every payment into a hot account waits that long. The benchmark listens here
 * (docs/benchmarks.md, "Settlement"); a hold over LONG_LOCK_MS is logged.
 */
export const lockHoldObservers = new Set<(milliseconds: number, settlement: SettlementRow) => void>();
const LONG_LOCK_MS = 100;

/** Thrown inside the savepoint to undo the items marked when nothing positive is due. */
class NothingToSettle extends Error {}

export const noSettlementAccount = () =>
  new ApiError(409, 'no_settlement_account', 'No settlement account', 'Add an active settlement account for this currency before paying out.');

/** The rail a settlement account is paid on: the simulator in the sandbox (paid by a job within 10 s). */
export function railFor(account: Pick<SettlementAccountRow, 'kind'>, sandbox = sandboxEnabled()): SettlementRail {
  if (sandbox) return 'SIMULATOR';
  return account.kind === 'MPESA' ? 'MPESA_B2C' : account.kind === 'PAYBILL' ? 'MPESA_B2B' : 'BANK';
}

/** The schedule's delay in days (1 without a schedule row: the default DAILY, delay 1). */
export async function delayDaysOf(q: Queryable, merchantId: string): Promise<number> {
  const [row] = await q.select({ delayDays: settlementSchedules.delayDays }).from(settlementSchedules).where(eq(settlementSchedules.merchantId, merchantId));
  return row?.delayDays ?? 1;
}

/** What a payout made now may take: payments received before this (the schedule's delay applied). */
export const dueCutoff = async (q: Queryable, merchantId: string, now = new Date()) => settlementCutoff(now, await delayDaysOf(q, merchantId));

export async function activeSettlementAccount(q: Queryable, bucket: { merchantId: string; subMerchantId: string | null; currency: string }) {
  const [account] = await q
    .select()
    .from(settlementAccounts)
    .where(
      and(
        eq(settlementAccounts.merchantId, bucket.merchantId),
        bucket.subMerchantId ? eq(settlementAccounts.subMerchantId, bucket.subMerchantId) : sql`${settlementAccounts.subMerchantId} is null`,
        eq(settlementAccounts.currency, bucket.currency),
        eq(settlementAccounts.status, 'ACTIVE'),
      ),
    );
  return account ?? null;
}

/**
 * Pays out what a bucket is owed, in the caller's transaction (a savepoint of its own, so that
 * nothing due leaves no trace): null when nothing positive is due, or a scheduled one already
 * exists for the day. See docs/settlement.md for what is covered and in which order.
 */
export async function createSettlementIn(tx: Queryable, input: NewSettlement, now = new Date(), timing: LockTiming = {}): Promise<SettlementRow | null> {
  try {
    return await tx.transaction((sp) => settle(sp, input, now, timing));
  } catch (error) {
    if (error instanceof NothingToSettle) return null;
    throw error;
  }
}

export async function createSettlement(input: NewSettlement, now = new Date()): Promise<SettlementRow | null> {
  const timing: LockTiming = {};
  const row = await db().transaction((tx) => createSettlementIn(tx, input, now, timing));
  if (row && timing.lockedAt !== undefined) {
    const held = performance.now() - timing.lockedAt;
    if (held > LONG_LOCK_MS) logger().warn({ settlementId: row.id, merchantId: row.merchantId, heldMs: Math.round(held) }, 'settlement held account locks long');
    for (const observe of lockHoldObservers) observe(held, row);
  }
  return row;
}

async function settle(tx: Queryable, input: NewSettlement, now: Date, timing: LockTiming): Promise<SettlementRow> {
  const { merchantId, subMerchantId, currency } = input;
  // One settlement of a bucket at a time: a second waits, then finds the payments taken.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settlement:${merchantId}:${subMerchantId ?? ''}:${currency}`}, 0))`);
  if (input.idempotencyKey) {
    const [earlier] = await tx
      .select()
      .from(settlements)
      .where(and(eq(settlements.merchantId, merchantId), eq(settlements.idempotencyKey, input.idempotencyKey)));
    if (earlier) return earlier;
  }
  if (input.origin === 'SCHEDULED' && input.scheduledFor) {
    // Under the bucket's lock: another instance's run for the day has committed, or will find ours.
    const [done] = await tx
      .select({ id: settlements.id })
      .from(settlements)
      .where(
        and(
          eq(settlements.merchantId, merchantId),
          subMerchantId ? eq(settlements.subMerchantId, subMerchantId) : sql`${settlements.subMerchantId} is null`,
          eq(settlements.currency, currency),
          eq(settlements.origin, 'SCHEDULED'),
          eq(settlements.scheduledFor, input.scheduledFor),
        ),
      );
    if (done) throw new NothingToSettle();
  }
  const account = await activeSettlementAccount(tx, input);
  if (!account) throw noSettlementAccount();
  const cutoff = input.cutoff ?? (await dueCutoff(tx, merchantId, now));
  const id = randomUUID();
  const bucket = { merchantId, subMerchantId, currency };

  const reversalNet = await takeReversals(tx, id, bucket);
  let paymentsTaken: number;
  if (input.ceiling) {
    const room = toUnits(input.ceiling) - reversalNet;
    paymentsTaken = room > 0n ? await takePaymentsUpTo(tx, id, bucket, cutoff, room) : 0;
  } else {
    paymentsTaken = (await takeReleasedReversedPayments(tx, id, bucket)) + (await takePayments(tx, id, bucket, cutoff));
  }
  const totals = await totalsOf(tx, id);
  if (totals.count === 0 || (input.ceiling && paymentsTaken === 0)) throw new NothingToSettle();
  const carry = carryFor(account, toUnits(totals.amount), await carryOf(tx, bucket));
  if (carry.amount <= 0n) throw new NothingToSettle();
  if (input.minimum && carry.amount < toUnits(input.minimum)) throw new NothingToSettle();

  const [row] = await tx
    .insert(settlements)
    .values({
      id,
      merchantId,
      subMerchantId,
      currency,
      settlementAccountId: account.id,
      rail: railFor(account),
      destination: maskedDestination(account),
      grossAmount: totals.gross,
      feeAmount: totals.fee,
      reversalAmount: totals.reversal,
      broughtForward: fromUnits(carry.broughtForward),
      carriedForward: fromUnits(carry.carriedForward),
      amount: fromUnits(carry.amount),
      entryCount: totals.count,
      origin: input.origin,
      scheduledFor: input.scheduledFor ?? null,
      cutoff,
      requestedBy: input.requestedBy ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new NothingToSettle(); // this day's scheduled settlement exists already
  await recordEvent(tx, { merchantId, subMerchantId, type: 'settlement.created', data: toSettlementJson(row) });
  await queuePayout(tx, row);
  const moves = withCarry(await movesOf(tx, id), carry);
  await flushWrittenSoFar(tx);
  timing.lockedAt = performance.now();
  await postSettlementEntries(tx, row, moves, `Paid out in settlement ${id}`);
  return row;
}

type Bucket = { merchantId: string; subMerchantId: string | null; currency: string };

const itemColumns = sql`settlement_id, kind, payment_id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, occurred_at`;

/** The CTE after `moved`: the payments taken leave unsettled_payments. */
const dequeue = sql`dequeued as (delete from unsettled_payments q where q.payment_id in (select id from moved))`;

/**
 * Reversals of payments that stand in a settlement, not yet taken back: the debts, netted first.
 * The payment and reversal rows are locked in that order (as a reversal's confirmation does).
 * Returns their net (zero or negative) in units of 10^-4.
 */
async function takeReversals(tx: Queryable, id: string, bucket: Bucket): Promise<bigint> {
  const { rows } = await tx.execute<{ net: string | null }>(sql`
    with locked as (
      select r.id from payment_reversals r join payments p on p.id = r.payment_id and p.created_at between id_created_after(r.payment_id) and id_created_before(r.payment_id)
       where r.merchant_id = ${bucket.merchantId}::uuid and r.currency = ${bucket.currency} and r.status = 'CONFIRMED'
         and r.settlement_id is null and p.settlement_id is not null and ${inBucket('p', bucket)}
       order by p.id for update of p, r
    ), moved as (
      update payment_reversals r set settlement_id = ${id}::uuid from payments p
       where r.id in (select id from locked) and p.id = r.payment_id and p.created_at between id_created_after(r.payment_id) and id_created_before(r.payment_id)
      returning r.payment_id, r.merchant_id, r.virtual_account_id, p.provider_reference, r.amount, r.fee_amount, coalesce(r.completed_at, r.created_at) as occurred_at
    ), items as (
      insert into settlement_items (${itemColumns})
      select ${id}::uuid, 'REVERSAL', payment_id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, -(amount - fee_amount), occurred_at from moved
      returning net_amount
    )
    select sum(net_amount)::text as net from items`);
  return toUnits(rows[0]?.net ?? '0');
}

/**
 * Reversed payments whose reversal stands in a settlement while the payment's own settlement
 * failed or came back: the merchant is owed their net again (rare; a full payout takes them).
 * Found through their reversals: a REVERSED payment is not in unsettled_payments.
 */
async function takeReleasedReversedPayments(tx: Queryable, id: string, bucket: Bucket): Promise<number> {
  const result = await tx.execute(sql`
    with moved as (
      update payments p set settlement_id = ${id}::uuid from payment_reversals r
       where r.merchant_id = ${bucket.merchantId}::uuid and r.currency = ${bucket.currency} and r.status = 'CONFIRMED' and r.settlement_id is not null
         and p.id = r.payment_id and p.created_at between id_created_after(r.payment_id) and id_created_before(r.payment_id) and p.settlement_id is null and p.status = 'REVERSED' and ${inBucket('p', bucket)}
      returning p.id, p.merchant_id, p.virtual_account_id, p.provider_reference, p.amount, p.fee_amount, p.net_amount, p.received_at
    )
    insert into settlement_items (${itemColumns})
    select ${id}::uuid, 'PAYMENT', id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, received_at from moved`);
  return result.rowCount ?? 0;
}

/**
 * Every RECEIVED payment of the bucket received before the cutoff and not in a settlement, found in
 * unsettled_payments and taken out of it. The UPDATE re-checks each payment under its lock: one
 * turning REVERSAL_PENDING meanwhile is either taken before the reversal was asked or left out (and
 * queued still), never both. Setting settlement_id rewrites no index (migration 0025).
 */
async function takePayments(tx: Queryable, id: string, bucket: Bucket, cutoff: Date): Promise<number> {
  const result = await tx.execute(sql`
    with moved as (
      update payments p set settlement_id = ${id}::uuid from unsettled_payments q
       where q.merchant_id = ${bucket.merchantId}::uuid and q.currency = ${bucket.currency} and q.received_at < ${cutoff.toISOString()}::timestamptz
         and p.id = q.payment_id and p.created_at = q.payment_created_at and p.settlement_id is null and p.status = 'RECEIVED' and ${inBucket('p', bucket)}
      returning p.id, p.merchant_id, p.virtual_account_id, p.provider_reference, p.amount, p.fee_amount, p.net_amount, p.received_at
    ), ${dequeue}
    insert into settlement_items (${itemColumns})
    select ${id}::uuid, 'PAYMENT', id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, received_at from moved`);
  return result.rowCount ?? 0;
}

/** A partial payout: whole payments, oldest first, while their running net stays within `room`. */
async function takePaymentsUpTo(tx: Queryable, id: string, bucket: Bucket, cutoff: Date, room: bigint): Promise<number> {
  const limit = `${room / 10_000n}.${(room % 10_000n).toString().padStart(4, '0')}`;
  const result = await tx.execute(sql`
    with candidates as (
      -- LATERAL … LIMIT 1: each queued payment read by its key in its own month partition (migration
      -- 0034), never a hash of every month's payments, whatever the planner makes of the queue's size.
      select p.id, p.created_at, sum(p.net_amount) over (order by p.received_at, p.id) as running
        from unsettled_payments q
        cross join lateral (select * from payments p where p.id = q.payment_id and p.created_at = q.payment_created_at limit 1) p
       where q.merchant_id = ${bucket.merchantId}::uuid and q.currency = ${bucket.currency} and q.received_at < ${cutoff.toISOString()}::timestamptz
         and p.settlement_id is null and p.status = 'RECEIVED' and ${inBucket('p', bucket)}
    ), moved as (
      update payments p set settlement_id = ${id}::uuid
       where (p.id, p.created_at) in (select id, created_at from candidates where running <= ${limit}::numeric) and p.settlement_id is null and p.status = 'RECEIVED'
      returning p.id, p.merchant_id, p.virtual_account_id, p.provider_reference, p.amount, p.fee_amount, p.net_amount, p.received_at
    ), ${dequeue}
    insert into settlement_items (${itemColumns})
    select ${id}::uuid, 'PAYMENT', id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, received_at from moved`);
  return result.rowCount ?? 0;
}

/** The settlement's amounts, summed exactly from its items. */
async function totalsOf(tx: Queryable, id: string) {
  const { rows } = await tx.execute<{ gross: string; fee: string; reversal: string; amount: string; count: number }>(sql`
    select coalesce(sum(amount) filter (where kind = 'PAYMENT'), 0)::text as gross,
           (coalesce(sum(fee_amount) filter (where kind = 'PAYMENT'), 0) - coalesce(sum(fee_amount) filter (where kind = 'REVERSAL'), 0))::text as fee,
           coalesce(sum(amount) filter (where kind = 'REVERSAL'), 0)::text as reversal,
           coalesce(sum(net_amount), 0)::text as amount, count(*)::int as count
      from settlement_items where settlement_id = ${id}::uuid`);
  return rows[0]!;
}

/** Per account, what leaves it: minus the net of the settlement's items there. */
async function movesOf(tx: Queryable, id: string) {
  const { rows } = await tx.execute<{ virtual_account_id: string; amount: string }>(sql`
    select virtual_account_id, (-sum(net_amount))::text as amount from settlement_items where settlement_id = ${id}::uuid
     group by virtual_account_id`);
  return rows.map((row) => ({ virtualAccountId: row.virtual_account_id, amount: row.amount }));
}
