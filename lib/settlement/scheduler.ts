import { sql } from 'drizzle-orm';
import { nairobiDay } from '@/lib/payments/nairobi-days';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { settlementCutoff } from './cutoff';
import { dueOnSql } from './schedule';
import type { SettlementAccountKind } from './schema';
import { createScheduledSettlements, type DueBucket } from './settle-many';

/** A bucket the schedule pays today: its active account, its schedule's delay and minimum. */
type Candidate = {
  account_id: string;
  merchant_id: string;
  sub_merchant_id: string | null;
  currency: string;
  kind: SettlementAccountKind;
  bank_name: string | null;
  account_number: string | null;
  phone: string | null;
  paybill: string | null;
  account_reference: string | null;
  delay_days: number;
  minimum: string | null;
};

/** Buckets per batch (createScheduledSettlements: a few set statements per batch, in one transaction). */
const BATCH = 500;
/** A run stops starting new batches after this (the next minute's run goes on), so runs do not pile up. */
const RUN_BUDGET_MS = 45_000;

/**
 * Buckets skipped today (below their minimum, or nothing positive once reversals are netted), so
 * that the minute's sweep does not try them again all day: per process and per day, only a saving
 * (another instance or a restart tries once more, and finds the same).
 */
const skipped = { day: '', accounts: new Set<string>() };

/** A Postgres array literal of ids: one parameter even when empty (drizzle renders an empty parameter list as "()"). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * The buckets due today, in ONE statement over every merchant: each active settlement account
 * whose schedule runs today (no schedule row: DAILY), that has no scheduled settlement for today yet
 * and has at least one unsettled payment received before its cutoff. Each test is an index probe
 * (settlements_scheduled_once_key, unsettled_payments_due_idx), so 10,000 merchants with nothing due cost
 * one short query, not 10,000.
 */
async function dueBuckets(today: string, now: Date, skip: string[]): Promise<Candidate[]> {
  const { rows } = await db().execute<Candidate>(sql`
    with due as (
      select a.id as account_id, a.merchant_id, a.sub_merchant_id, a.currency, a.kind, a.bank_name, a.account_number, a.phone, a.paybill, a.account_reference,
             coalesce(s.delay_days, 1)::int as delay_days, s.minimum_amounts ->> a.currency as minimum,
             least(((${today}::date - coalesce(s.delay_days, 1) + 1)::timestamp - interval '3 hours') at time zone 'UTC',
                   ${now.toISOString()}::timestamptz) as cutoff
        from settlement_accounts a
        left join settlement_schedules s on s.merchant_id = a.merchant_id
       where a.status = 'ACTIVE' and ${dueOnSql(today)} and a.id <> all(${uuidArray(skip)}::uuid[])
         and not exists (
           select 1 from settlements x
            where x.merchant_id = a.merchant_id and x.origin = 'SCHEDULED' and x.currency = a.currency and x.scheduled_for = ${today}::date
              and coalesce(x.sub_merchant_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(a.sub_merchant_id, '00000000-0000-0000-0000-000000000000'::uuid))
    )
    select account_id, merchant_id, sub_merchant_id, currency, kind, bank_name, account_number, phone, paybill, account_reference, delay_days, minimum from due d
     where exists (
       select 1 from unsettled_payments q
         cross join lateral (select * from payments p where p.id = q.payment_id and p.created_at = q.payment_created_at limit 1) p
        where q.merchant_id = d.merchant_id and q.currency = d.currency and q.received_at < d.cutoff
          and p.settlement_id is null and p.status = 'RECEIVED'
          and (case when d.sub_merchant_id is not null then p.sub_merchant_id = d.sub_merchant_id
                    else p.sub_merchant_id is null or not exists (
                      select 1 from settlement_accounts own where own.merchant_id = d.merchant_id and own.sub_merchant_id = p.sub_merchant_id
                         and own.currency = d.currency and own.status = 'ACTIVE') end))
     order by merchant_id, currency`);
  return rows;
}

export interface ScheduleRun {
  day: string;
  candidates: number;
  created: number;
  skipped: number;
  failed: number;
}

/**
 * Creates today's scheduled settlements (Nairobi day), each bucket once, 500 buckets a transaction
 * (createScheduledSettlements: the same settlements createSettlement makes, in a few set statements).
 * Two instances running at the same minute may both find a bucket: the bucket's lock and the unique
 * index settlements_scheduled_once_key leave the second with nothing to do. A failed settlement is
 * not remade the same day: its money is back in `available`, for the next run day or a payout by hand.
 */
export async function createDueSettlements(now: Date = new Date()): Promise<ScheduleRun> {
  const today = nairobiDay(now);
  if (skipped.day !== today) Object.assign(skipped, { day: today, accounts: new Set<string>() });
  const candidates = await dueBuckets(today, now, [...skipped.accounts]);
  const run: ScheduleRun = { day: today, candidates: candidates.length, created: 0, skipped: 0, failed: 0 };
  const started = Date.now();

  for (let start = 0; start < candidates.length && Date.now() - started < RUN_BUDGET_MS; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    try {
      const { created } = await createScheduledSettlements(batch.map(dueBucketOf(now)), today, now);
      const paid = new Set(created.map((row) => row.settlementAccountId));
      run.created += created.length;
      for (const candidate of batch) {
        if (paid.has(candidate.account_id)) continue;
        // Below its minimum, nothing positive once debts are netted, or another instance paid it.
        run.skipped += 1;
        skipped.accounts.add(candidate.account_id);
      }
    } catch (error) {
      // One batch's failure (a lock timeout, the database away) never stops the next; the next run retries it.
      run.failed += batch.length;
      logger().error({ err: error, buckets: batch.length }, 'scheduled settlements not created; the next run tries again');
    }
  }
  if (run.candidates > 0) logger().info(run, 'scheduled settlements');
  return run;
}

const dueBucketOf =
  (now: Date) =>
  (candidate: Candidate): DueBucket => ({
    account: {
      id: candidate.account_id,
      merchantId: candidate.merchant_id,
      subMerchantId: candidate.sub_merchant_id,
      currency: candidate.currency,
      kind: candidate.kind,
      bankName: candidate.bank_name,
      accountNumber: candidate.account_number,
      phone: candidate.phone,
      paybill: candidate.paybill,
      accountReference: candidate.account_reference,
    },
    cutoff: settlementCutoff(now, candidate.delay_days),
    minimum: candidate.minimum,
  });

export const scheduleSettlementsTask = async () => {
  await createDueSettlements();
};
