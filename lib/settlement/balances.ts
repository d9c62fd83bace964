import { sql } from 'drizzle-orm';
import type { Principal } from '@/lib/api/principal';
import { moneyJson } from '@/lib/api/serialize';
import { fromUnits, storedText, toUnits } from '@/lib/money/decimal';
import { nairobiDay } from '@/lib/payments/nairobi-days';
import { db, type Queryable } from '@/lib/platform/db';
import { bucketColumn } from './buckets';
import { addNairobiDays, nairobiMidnight, settlementCutoff } from './cutoff';
import { nextDueDay, scheduleOf, type Schedule } from './schedule';

/** Who is asking: a merchant sees every bucket, a user scoped to a sub-merchant only its own rows. */
export type BalanceScope = Pick<Principal, 'merchantId' | 'subMerchantId'>;

/** One currency and bucket; money as exact decimal text as NUMERIC(20, 4) prints it ("900.0000"). */
export interface BalanceRow {
  currency: string;
  subMerchantId: string | null;
  available: string;
  pending: string;
  reserved: string;
  settling: string;
  settlementAccountId: string | null;
  nextSettlement: { date: string; estimatedAmount: string } | null;
}

type Sums = {
  currency: string;
  bucket: string | null;
  owed: string;
  pending: string;
  pending_due_next: string;
  reserved: string;
  settling: string;
  settlement_account_id: string | null;
  scheduled_today: boolean;
};

/**
 * The balances of docs/settlement.md, "Balances", per currency and bucket:
 * - owed (Σ balance − fee balance of the bucket's accounts) is what the ledger still owes;
 * - pending: net of unsettled RECEIVED payments received at or after the cutoff a run would use now;
 * - reserved: net of REVERSAL_PENDING payments (settled or not: held for the reversal in flight);
 * - settling: PENDING and PROCESSING settlements;
 * - available = owed − pending − reserved, below zero when a settled payment was reversed since.
 * nextSettlement: the Nairobi day the schedule pays this bucket next, and what it would pay then
 * if nothing else happened (available and the pending money due by then).
 */
export async function balancesOf(q: Queryable, scope: BalanceScope, now = new Date()): Promise<BalanceRow[]> {
  const schedule = await scheduleOf(q, scope.merchantId);
  const cutoff = settlementCutoff(now, schedule.delayDays);
  const today = nairobiDay(now);
  const nextDay = nextRunAfterToday(schedule, today);
  // What a run on nextDay would take: everything received before its cutoff (today's run uses `cutoff`).
  const nextCutoff = nextDay ? nairobiMidnight(addNairobiDays(nextDay, 1 - schedule.delayDays)) : cutoff;
  const mine = (alias: string) =>
    scope.subMerchantId
      ? sql`${sql.raw(alias)}.merchant_id = ${scope.merchantId}::uuid and ${sql.raw(alias)}.sub_merchant_id = ${scope.subMerchantId}::uuid`
      : sql`${sql.raw(alias)}.merchant_id = ${scope.merchantId}::uuid`;
  const { rows } = await q.execute<Sums>(sql`
    with owed as (
      select a.currency, ${bucketColumn('a')} as bucket, sum(a.balance - a.fee_balance) as owed
        from virtual_accounts a where ${mine('a')} group by 1, 2
    ), pending as (
      select p.currency, ${bucketColumn('p')} as bucket, sum(p.net_amount) as pending,
             coalesce(sum(p.net_amount) filter (where p.received_at < ${nextCutoff.toISOString()}::timestamptz), 0) as pending_due_next
        from payments p
       where ${mine('p')} and p.settlement_id is null and p.status = 'RECEIVED' and p.received_at >= ${cutoff.toISOString()}::timestamptz
       group by 1, 2
    ), reserved as (
      select p.currency, ${bucketColumn('p')} as bucket, sum(p.net_amount) as reserved
        from payments p where ${mine('p')} and p.status = 'REVERSAL_PENDING' group by 1, 2
    ), settling as (
      select s.currency, s.sub_merchant_id as bucket, sum(s.amount) as settling
        from settlements s where ${mine('s')} and s.status in ('PENDING', 'PROCESSING') group by 1, 2
    ), accounts as (
      select sa.currency, sa.sub_merchant_id as bucket, sa.id from settlement_accounts sa where ${mine('sa')} and sa.status = 'ACTIVE'
    ), buckets as (
      select currency, bucket from owed union select currency, bucket from settling union select currency, bucket from accounts
    )
    select b.currency, b.bucket,
           coalesce(o.owed, 0)::text as owed, coalesce(p.pending, 0)::text as pending, coalesce(p.pending_due_next, 0)::text as pending_due_next,
           coalesce(r.reserved, 0)::text as reserved, coalesce(s.settling, 0)::text as settling, sa.id as settlement_account_id,
           exists (select 1 from settlements x where x.merchant_id = ${scope.merchantId}::uuid and x.origin = 'SCHEDULED' and x.currency = b.currency
                      and x.sub_merchant_id is not distinct from b.bucket and x.scheduled_for = ${today}::date) as scheduled_today
      from buckets b
      left join owed o on o.currency = b.currency and o.bucket is not distinct from b.bucket
      left join pending p on p.currency = b.currency and p.bucket is not distinct from b.bucket
      left join reserved r on r.currency = b.currency and r.bucket is not distinct from b.bucket
      left join settling s on s.currency = b.currency and s.bucket is not distinct from b.bucket
      left join accounts sa on sa.currency = b.currency and sa.bucket is not distinct from b.bucket
     order by b.currency, b.bucket nulls first`);

  return rows.map((row) => {
    const available = toUnits(row.owed) - toUnits(row.pending) - toUnits(row.reserved);
    let nextSettlement: BalanceRow['nextSettlement'] = null;
    if (row.settlement_account_id && schedule.interval !== 'MANUAL') {
      // Today's run (if today is a run day and it has not paid this bucket yet) pays what is available now.
      const runsToday = nextDueDay(schedule, today) === today && !row.scheduled_today;
      const estimate = runsToday ? available : available + toUnits(row.pending_due_next);
      const date = runsToday ? today : nextDay;
      if (date) nextSettlement = { date, estimatedAmount: storedText(fromUnits(estimate > 0n ? estimate : 0n)) };
    }
    return {
      currency: row.currency,
      subMerchantId: row.bucket,
      available: storedText(fromUnits(available)),
      pending: storedText(row.pending),
      reserved: storedText(row.reserved),
      settling: storedText(row.settling),
      settlementAccountId: row.settlement_account_id,
      nextSettlement,
    };
  });
}

const nextRunAfterToday = (schedule: Schedule, today: string) => nextDueDay(schedule, addNairobiDays(today, 1));

export const toBalanceJson = (balance: BalanceRow) => ({
  currency: balance.currency,
  subMerchantId: balance.subMerchantId,
  available: moneyJson(balance.available),
  pending: moneyJson(balance.pending),
  reserved: moneyJson(balance.reserved),
  settling: moneyJson(balance.settling),
  settlementAccountId: balance.settlementAccountId,
  nextSettlement: balance.nextSettlement ? { date: balance.nextSettlement.date, estimatedAmount: moneyJson(balance.nextSettlement.estimatedAmount) } : null,
});

/** GET /merchants/me/balances: the caller's buckets. */
export async function listBalances(principal: BalanceScope, now = new Date()) {
  return (await balancesOf(db(), principal, now)).map(toBalanceJson);
}
