import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import { deliveriesCtes } from '@/lib/webhooks/fan-out';
import { sandboxEnabled } from '@/lib/platform/config';
import { db, type Queryable } from '@/lib/platform/db';
import { createSettlement, lockHoldObservers, railFor } from './create-settlement';
import { paysWholeUnits } from './carry';
import { flushWrittenSoFar } from './ledger-entries';
import { maskedDestination } from './mask';
import { queuePayouts } from './payouts/dispatch';
import { settlements, type SettlementAccountRow, type SettlementRow } from './schema';
import { toSettlementJson } from './serialize';

/** A bucket the schedule pays today, with its active settlement account. */
export interface DueBucket {
  account: Pick<SettlementAccountRow, 'id' | 'merchantId' | 'subMerchantId' | 'currency' | 'kind' | 'bankName' | 'accountNumber' | 'phone' | 'paybill' | 'accountReference'>;
  cutoff: Date;
  /** The schedule's minimum for the currency (exact decimal text), if any. */
  minimum: string | null;
}

export interface BatchRun {
  created: SettlementRow[];
  /** Buckets with nothing positive due, below their minimum, or already settled for the day. */
  skipped: number;
}

/**
 * Buckets per transaction. Each account row stays locked from the chunk's one ledger statement to
 * its commit, which on the shared benchmark machine is mostly the commit's own wait: ~80 ms (p50)
 * with 250 buckets and with 100 alike, ~90 ms with 500 (docs/benchmarks.md, "Settlement").
 */
const CHUNK = 250;

/**
 * The schedule's settlements for many buckets at once, each exactly as createSettlement makes it
 * (same items, entries, event, payout job, same once-per-day index), but a few set statements per
 * 250 buckets instead of a dozen statements per bucket: 10,000 merchants in seconds rather than a
 * minute (docs/benchmarks.md, "Settlement"). A bucket owing reversals of settled payments (or owed a
 * reversed payment whose settlement failed) is rare and takes createSettlement's own path.
 */
export async function createScheduledSettlements(buckets: DueBucket[], day: string, now = new Date()): Promise<BatchRun> {
  const run: BatchRun = { created: [], skipped: 0 };
  for (let start = 0; start < buckets.length; start += CHUNK) {
    const chunk = buckets.slice(start, start + CHUNK);
    const timing: { lockedAt?: number } = {};
    const { created, slow } = await db().transaction((tx) => settleChunk(tx, chunk, day, now, timing));
    if (timing.lockedAt !== undefined) {
      const held = performance.now() - timing.lockedAt;
      for (const row of created) for (const observe of lockHoldObservers) observe(held, row);
    }
    run.created.push(...created);
    for (const bucket of slow) {
      const row = await createSettlement(
        { merchantId: bucket.account.merchantId, subMerchantId: bucket.account.subMerchantId, currency: bucket.account.currency, origin: 'SCHEDULED', scheduledFor: day, cutoff: bucket.cutoff, minimum: bucket.minimum },
        now,
      );
      if (row) run.created.push(row);
      else run.skipped += 1;
    }
    run.skipped += chunk.length - created.length - slow.length;
  }
  return run;
}

/** The bucket rule of lib/settlement/buckets.ts, against the unnested bucket `b`. */
const inBucketOfB = sql`(case when b.sub_merchant_id is not null then p.sub_merchant_id = b.sub_merchant_id
       else p.sub_merchant_id is null or not exists (
         select 1 from settlement_accounts own where own.merchant_id = b.merchant_id and own.sub_merchant_id = p.sub_merchant_id
            and own.currency = b.currency and own.status = 'ACTIVE') end)`;

async function settleChunk(tx: Queryable, chunk: DueBucket[], day: string, now: Date, timing: { lockedAt?: number }) {
  const sandbox = sandboxEnabled();
  const rows = chunk.map((bucket) => ({
    sid: randomUUID(),
    merchant_id: bucket.account.merchantId,
    sub_merchant_id: bucket.account.subMerchantId,
    currency: bucket.account.currency,
    cutoff: bucket.cutoff.toISOString(),
    minimum: bucket.minimum,
    account_id: bucket.account.id,
    rail: railFor(bucket.account, sandbox),
    destination: maskedDestination(bucket.account),
    whole: paysWholeUnits(bucket.account),
  }));
  const buckets = sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as b(sid uuid, merchant_id uuid, sub_merchant_id uuid, currency char(3), cutoff timestamptz, minimum numeric, account_id uuid, rail text, destination text, whole boolean))`;
  // The same lock createSettlement takes, in one order: a manual payout of one of these buckets waits.
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(key, 0)) from (
      select 'settlement:' || merchant_id || ':' || coalesce(sub_merchant_id::text, '') || ':' || currency as key from ${buckets} b order by 1) keys`);
  // Buckets with reversals to net (or a reversed payment owed again) go the single-bucket way.
  const { rows: slowRows } = await tx.execute<{ sid: string }>(sql`
    select b.sid from ${buckets} b
     where exists (select 1 from payment_reversals r join payments p on p.id = r.payment_id and p.created_at between id_created_after(r.payment_id) and id_created_before(r.payment_id)
                    where r.merchant_id = b.merchant_id and r.currency = b.currency and r.status = 'CONFIRMED'
                      and (r.settlement_id is null) <> (p.settlement_id is null) and ${inBucketOfB})`);
  const slowIds = new Set(slowRows.map((row) => row.sid));
  const fast = rows.filter((row) => !slowIds.has(row.sid));
  const slow = chunk.filter((_, index) => slowIds.has(rows[index]!.sid));
  if (fast.length === 0) return { created: [] as SettlementRow[], slow };
  const fastBuckets = sql`(select * from jsonb_to_recordset(${JSON.stringify(fast)}::jsonb)
    as b(sid uuid, merchant_id uuid, sub_merchant_id uuid, currency char(3), cutoff timestamptz, minimum numeric, account_id uuid, rail text, destination text, whole boolean))`;

  // Lock the due payments (a row re-checked under its lock: one turning REVERSAL_PENDING meanwhile
  // is left out), keep the buckets with something positive (and at least their minimum), insert
  // their settlements (once per bucket and day), then mark and itemise those buckets' payments.
  const { rows: insertedIds } = await tx.execute<{ id: string }>(sql`
    with b as (select * from ${fastBuckets} b0), locked as (
      -- LATERAL: one probe of unsettled_payments_due_idx per bucket, whatever the planner guesses of the list's size.
      select p.id, p.created_at, b.sid, p.merchant_id, p.virtual_account_id, p.provider_reference, p.amount, p.fee_amount, p.net_amount, p.received_at
        from b cross join lateral (
          -- Each queued payment read by its key (id, created_at) in its own month partition (migration
          -- 0034): LATERAL … LIMIT 1, so never a hash of every month's payments, whatever the planner
          -- makes of the queue's size; the lock is taken inside it, on that one row.
          select p.* from unsettled_payments q
            cross join lateral (select * from payments p where p.id = q.payment_id and p.created_at = q.payment_created_at limit 1) p
           where q.merchant_id = b.merchant_id and q.currency = b.currency and q.received_at < b.cutoff
             and p.settlement_id is null and p.status = 'RECEIVED' and ${inBucketOfB}
           for update of p) p
    ), sums as materialized (
      -- Materialized: computed once. Inlined, the planner (guessing 100 buckets, 1 match) rescanned
      -- this aggregate once per bucket, a quarter of the statement's time at 250 buckets.
      select sid, sum(amount) as gross, sum(fee_amount) as fee, sum(net_amount) as net, count(*)::int as entries from locked group by sid
    ), carried as materialized (
      -- The bucket's carry of cents (lib/settlement/carry.ts): brought in; an M-Pesa payout carries its own cents on.
      select s.*, c.brought, case when b.whole and s.net + c.brought > 0 then (s.net + c.brought) - trunc(s.net + c.brought) else 0 end as carried
        from b join sums s on s.sid = b.sid
        cross join lateral (
          select coalesce(sum(x.carried_forward - x.brought_forward), 0) as brought from settlements x
           where x.merchant_id = b.merchant_id and x.currency = b.currency and x.sub_merchant_id is not distinct from b.sub_merchant_id
             and x.status in ('PENDING', 'PROCESSING', 'PAID')) c
    ), inserted as (
      insert into settlements (id, merchant_id, sub_merchant_id, currency, settlement_account_id, rail, destination, gross_amount, fee_amount,
                               reversal_amount, brought_forward, carried_forward, amount, entry_count, origin, scheduled_for, cutoff, created_at)
      select b.sid, b.merchant_id, b.sub_merchant_id, b.currency, b.account_id, b.rail, b.destination, s.gross, s.fee, 0, s.brought, s.carried,
             s.net + s.brought - s.carried, s.entries, 'SCHEDULED', ${day}::date, b.cutoff, ${now.toISOString()}::timestamptz
        from b join carried s on s.sid = b.sid
       where s.net + s.brought - s.carried > 0 and (b.minimum is null or s.net + s.brought - s.carried >= b.minimum)
      on conflict do nothing
      returning id
    ), moved as (
      -- A HOT update: settlement_id is in none of the payments' indexes (migration 0025).
      update payments p set settlement_id = l.sid from locked l where p.id = l.id and p.created_at = l.created_at and l.sid in (select id from inserted) returning p.id
    ), dequeued as (
      delete from unsettled_payments q where q.payment_id in (select id from moved)
    ), items as (
      insert into settlement_items (settlement_id, kind, payment_id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, occurred_at)
      select l.sid, 'PAYMENT', l.id, l.merchant_id, l.virtual_account_id, l.provider_reference, l.amount, l.fee_amount, l.net_amount, l.received_at
        from locked l where l.sid in (select id from inserted)
      returning 1
    )
    select id, (select count(*) from moved) as moved, (select count(*) from items) as items from inserted`);
  if (insertedIds.length === 0) return { created: [] as SettlementRow[], slow };
  const created = await tx.select().from(settlements).where(inArray(settlements.id, insertedIds.map((row) => row.id)));

  const events = created.map((row) => ({ merchantId: row.merchantId, subMerchantId: row.subMerchantId, data: toSettlementJson(row) }));
  await tx.execute(sql`
    with ${deliveriesCtes(sql`insert into events (merchant_id, sub_merchant_id, type, data)
      select (e->>'merchantId')::uuid, (e->>'subMerchantId')::uuid, 'settlement.created', e->'data' from jsonb_array_elements(${JSON.stringify(events)}::jsonb) e`)}
    select (select count(*) from recorded) as events, (select count(*) from jobs) as jobs`);
  await queuePayouts(tx, created);

  // What leaves each account, summed before any account is locked (the items are all written).
  const { rows: moves } = await tx.execute<{ settlement_id: string; virtual_account_id: string; merchant_id: string; amount: string }>(sql`
    with item_moves as (
      select settlement_id, virtual_account_id, merchant_id, -sum(net_amount) as amount,
             row_number() over (partition by settlement_id order by -sum(net_amount), virtual_account_id) as rank
        from settlement_items
       where settlement_id = any(${sql.param(created.map((row) => row.id))}::uuid[]) group by 1, 2, 3
    )
    -- Carried cents stay on (and brought ones leave from) the account paying out the most, as withCarry does.
    select m.settlement_id, m.virtual_account_id, m.merchant_id,
           (m.amount + case when m.rank = 1 then s.carried_forward - s.brought_forward else 0 end)::text as amount
      from item_moves m join settlements s on s.id = m.settlement_id`);

  // Last: one SETTLEMENT entry per account, the rows locked in id order until commit, so that the
  // lock lasts this one statement and the commit, whose flush the chunk's WAL no longer weighs on.
  await flushWrittenSoFar(tx);
  timing.lockedAt = performance.now();
  await tx.execute(sql`
    with moves as (
      select * from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as m(settlement_id uuid, virtual_account_id uuid, merchant_id uuid, amount numeric)
    ), locked as (
      select a.id from virtual_accounts a where a.id in (select virtual_account_id from moves) order by a.id for update
    ), balances as (
      update virtual_accounts a set balance = a.balance + m.amount from moves m
       where a.id = m.virtual_account_id and a.id in (select id from locked)
      returning a.id, a.balance, m.amount, m.settlement_id, m.merchant_id
    )
    insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, settlement_id, description)
    select merchant_id, id, 'SETTLEMENT', amount, balance, settlement_id, 'Paid out in settlement ' || settlement_id from balances`);
  return { created, slow };
}
