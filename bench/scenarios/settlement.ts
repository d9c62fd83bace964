import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { checkLedger } from '@/lib/ledger/check';
import { nairobiDay } from '@/lib/payments/nairobi-days';
import { db } from '@/lib/platform/db';
import { createSettlement, lockHoldObservers } from '@/lib/settlement/create-settlement';
import { settlementCutoff } from '@/lib/settlement/cutoff';
import { createDueSettlements } from '@/lib/settlement/scheduler';
import { seedPayments } from '../seed-payments';
import type { Target } from './target';
import { seedBenchMerchants } from '../seed-merchants';

const ONE_MERCHANT_PAYMENTS = Number(process.env.BENCH_SETTLEMENT_PAYMENTS ?? 100_000);
const MERCHANTS = Number(process.env.BENCH_SETTLEMENT_MERCHANTS ?? 10_000);
const PAYMENTS_PER_MERCHANT = Number(process.env.BENCH_SETTLEMENT_PER_MERCHANT ?? 10);
const PAYER_CONCURRENCY = 4;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * The ledger of seeded payments as ingestion writes it: a CREDIT and a FEE entry each (balances
 * after them running in order), the accounts' balances, and their payment.received events, so that
 * a settlement moves real balances and ledger:check can judge the result.
 */
async function postSeededLedger(merchantFilter: ReturnType<typeof sql>) {
  await db().execute(sql`
    insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description, created_at)
    select merchant_id, virtual_account_id, 'CREDIT', amount, sum(amount) over (partition by virtual_account_id order by received_at, id), id, 'Payment ' || provider_reference, received_at
      from payments p where ${merchantFilter} order by received_at, id`);
  await db().execute(sql`
    insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description, created_at)
    select merchant_id, virtual_account_id, 'FEE', fee_amount, sum(fee_amount) over (partition by virtual_account_id order by received_at, id), id, 'Fee on ' || provider_reference, received_at
      from payments p where ${merchantFilter} and fee_amount > 0 order by received_at, id`);
  await db().execute(sql`
    update virtual_accounts a set balance = t.amount, fee_balance = t.fee
      from (select virtual_account_id, sum(amount) as amount, sum(fee_amount) as fee from payments p where ${merchantFilter} group by 1) t
     where a.id = t.virtual_account_id`);
}

/** Pays into the hot account through the API while `running` holds: each payment's latency, ms. */
async function payWhile(target: Target, accountNumber: string, running: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const url = `http://127.0.0.1:${target.apiPort}/api/v1/merchants/me/sandbox/inbound-payments`;
  const headers = { authorization: `Bearer ${target.accessToken}`, 'content-type': 'application/json' };
  await Promise.all(
    Array.from({ length: PAYER_CONCURRENCY }, async () => {
      while (running()) {
        const started = performance.now();
        const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ channel: 'MOBILE_MONEY', accountNumber, amount: 150 }) });
        await answer.arrayBuffer();
        if (answer.status !== 201) throw new Error(`payment during settlement: ${answer.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

/** A daily settlement of one merchant's day: 100,000 payments into one hot account, while payments keep arriving there. */
async function oneMerchant(target: Target): Promise<string[]> {
  const { rows: accounts } = await db().execute<{ id: string; account_number: string }>(sql`
    select id, account_number from virtual_accounts where merchant_id = ${target.merchantId} and purpose = 'LEGACY'`);
  const account = accounts[0]!;
  await db().execute(sql`
    insert into settlement_accounts (merchant_id, kind, currency, account_name, bank_name, bank_code, account_number)
    values (${target.merchantId}, 'BANK', 'KES', 'Bench Merchant Ltd', 'Equity Bank', '68', '0170123456789')`);
  // The server under load runs the schedule every minute too: MANUAL keeps it off this merchant, so
  // that the settlement measured is the one made here (the same work as the daily run's).
  await db().execute(sql`insert into settlement_schedules (merchant_id, interval) values (${target.merchantId}, 'MANUAL')`);
  const now = new Date();
  const cutoff = settlementCutoff(now, 1);
  // seedPayments spaces payments 3 s apart back from now: this many are due (before the cutoff).
  const sinceCutoff = Math.floor((now.getTime() - cutoff.getTime()) / 3000);
  const seeding = performance.now();
  await seedPayments(target.merchantId, [{ id: account.id, accountNumber: account.account_number }], ONE_MERCHANT_PAYMENTS + sinceCutoff);
  const mine = sql`p.merchant_id = ${target.merchantId}`;
  await postSeededLedger(mine);
  await db().execute(sql`insert into events (merchant_id, type, data, created_at) select merchant_id, 'payment.received', jsonb_build_object('id', id), received_at from payments p where ${mine}`);
  await db().execute(sql`vacuum (analyze) payments, balance_entries, virtual_accounts, events`);
  const seeded = performance.now() - seeding;

  const holds: number[] = [];
  const observe = (held: number) => holds.push(held);
  lockHoldObservers.add(observe);
  let settling = true;
  const payers = payWhile(target, account.account_number, () => settling);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // payments flowing before the settlement starts
  const started = performance.now();
  const settlement = await createSettlement({ merchantId: target.merchantId, subMerchantId: null, currency: 'KES', origin: 'SCHEDULED', scheduledFor: nairobiDay(now), cutoff }, now);
  const wall = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  settling = false;
  const latencies = await payers;
  lockHoldObservers.delete(observe);

  const checking = performance.now();
  const ledger = await checkLedger({ merchantId: target.merchantId });
  return [
    `\nSettlement, one merchant (${seconds(seeded)} to seed ${(ONE_MERCHANT_PAYMENTS + sinceCutoff).toLocaleString('en')} payments, ${sinceCutoff.toLocaleString('en')} of them received today and still pending):`,
    `  daily settlement of ${settlement?.entryCount.toLocaleString('en')} payments (KES ${settlement?.amount}): ${seconds(wall)} wall; account row lock held ${holds.map((ms) => `${ms.toFixed(1)} ms`).join(', ')} (UPDATE to COMMIT)`,
    `  ${latencies.length} payments into the same account meanwhile (${PAYER_CONCURRENCY} at a time through the API): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    `  ledger:check for the merchant: ${ledger.ok ? 'clean' : JSON.stringify(ledger.problems).slice(0, 2000)} in ${seconds(performance.now() - checking)}`,
  ];
}

/**
 * Many merchants (names starting `prefix`), each with an M-Pesa settlement account and payments
 * received today, so that the server's own every-minute schedule (for today) finds nothing due and
 * the run measured here (tomorrow's, `now`) has them all.
 */
async function seedMerchants(prefix: string, now: Date) {
  const startOfToday = settlementCutoff(new Date(now.getTime() - 86_400_000), 1);
  const received = new Date(startOfToday.getTime() + (Date.now() - startOfToday.getTime()) / 2);
  await seedBenchMerchants(prefix, MERCHANTS, '8');
  await db().execute(sql`
    insert into settlement_accounts (merchant_id, kind, currency, account_name, phone)
    select id, 'MPESA', 'KES', name, '2547' || lpad((row_number() over (order by id))::text, 8, '0') from merchants where name like ${prefix + '%'}`);
  const theirs = sql`p.merchant_id in (select id from merchants where name like ${prefix + '%'})`;
  await db().execute(sql`
    insert into payments (merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency, payer_name,
                          provider_reference, match_status, received_at, created_at)
    select a.merchant_id, a.id, a.account_number, 'MPESA', 'MOBILE_MONEY', 100 + k * 37, least(greatest(round((100 + k * 37) * 0.01, 2), 1), 200),
           100 + k * 37 - least(greatest(round((100 + k * 37) * 0.01, 2), 1), 200), 'KES', 'Bench payer',
           'M' || a.account_number || lpad(k::text, 3, '0'), 'UNMATCHED', ${received.toISOString()}::timestamptz + make_interval(secs => k), now()
      from virtual_accounts a cross join generate_series(1, ${PAYMENTS_PER_MERCHANT}) k
     where a.merchant_id in (select id from merchants where name like ${prefix + '%'})`);
  await postSeededLedger(theirs);
  await db().execute(sql`vacuum (analyze) merchants, virtual_accounts, settlement_accounts, payments, balance_entries, settlements`);
  return theirs;
}

async function outcome(prefix: string, theirs: ReturnType<typeof sql>) {
  const { rows } = await db().execute<{ settlements: number; unsettled: number; wrong: number }>(sql`
    select (select count(*)::int from settlements s join merchants m on m.id = s.merchant_id where m.name like ${prefix + '%'}) as settlements,
           (select count(*)::int from payments p where ${theirs} and p.settlement_id is null) as unsettled,
           (select count(*)::int from settlements s join merchants m on m.id = s.merchant_id
             where m.name like ${prefix + '%'}
               and s.amount <> (select sum(p.net_amount) from settlement_items i join payments p on p.id = i.payment_id
                                 where i.settlement_id = s.id and i.kind = 'PAYMENT' and p.settlement_id = s.id) + s.brought_forward - s.carried_forward) as wrong`);
  return `  settlements stored ${rows[0]!.settlements.toLocaleString('en')}, payments left unsettled ${rows[0]!.unsettled.toLocaleString('en')}, settlements whose amount is not their payments' net ± cents carried (M-Pesa) ${rows[0]!.wrong}`;
}

const holdLine = (holds: number[]) =>
  `  account row lock held (UPDATE to COMMIT), per settlement: p50 ${percentile(holds, 50).toFixed(1)} ms, p99 ${percentile(holds, 99).toFixed(1)} ms, max ${Math.max(0, ...holds).toFixed(1)} ms`;

/** The day's schedule over many merchants: createDueSettlements, as the every-minute job runs it. */
async function manyMerchants(): Promise<string[]> {
  const startOfToday = settlementCutoff(new Date(), 1);
  const now = new Date(startOfToday.getTime() + 86_400_000 + 3_600_000); // tomorrow, 01:00 Nairobi
  const seeding = performance.now();
  const theirs = await seedMerchants('Bench merchant ', now);
  const lines = [`\nSettlement, the day's schedule over ${MERCHANTS.toLocaleString('en')} merchants with ${PAYMENTS_PER_MERCHANT} payments each (seeded in ${seconds(performance.now() - seeding)}):`];
  const holds: number[] = [];
  const observe = (held: number) => holds.push(held);
  lockHoldObservers.add(observe);
  const started = performance.now();
  const run = await createDueSettlements(now);
  lines.push(`  createDueSettlements (lib/settlement/scheduler.ts: lib/settlement/settle-many.ts, 250 buckets a transaction): ${seconds(performance.now() - started)} wall for ${run.candidates.toLocaleString('en')} due buckets: ${run.created.toLocaleString('en')} created, ${run.skipped} skipped, ${run.failed} failed`);
  lockHoldObservers.delete(observe);
  lines.push(await outcome('Bench merchant ', theirs), holdLine(holds));
  return lines;
}

/**
 * How the run's payment updates (all of them settling's) were written: a HOT update writes no index
 * entry (migration 0025). PostgreSQL's counters, as reported by the backends so far (within seconds).
 */
async function paymentRewrites(): Promise<string> {
  const { rows } = await db().execute<{ updated: string; hot: string; heap: string; indexes: string }>(sql`
    select sum(n_tup_upd)::text as updated, sum(n_tup_hot_upd)::text as hot, pg_size_pretty(sum(pg_relation_size(relid))) as heap, pg_size_pretty(sum(pg_indexes_size(relid))) as indexes
      from pg_stat_user_tables where relid in (select relid from pg_partition_tree('payments') where isleaf)`);
  const row = rows[0]!;
  return `\npayments: ${Number(row.updated).toLocaleString('en')} rows updated in this run, ${Number(row.hot).toLocaleString('en')} of them HOT (no index entry written); heap ${row.heap}, indexes ${row.indexes}`;
}

/** npm run bench -- settlement: docs/benchmarks.md, "Settlement". Targets: each under 10 s; no hot account locked over 100 ms. */
export async function settlementScenario(target: Target): Promise<string> {
  const lines = [`\nload average before: ${os.loadavg().map((load) => load.toFixed(1)).join(', ')} (2 cores)`, ...(await oneMerchant(target)), ...(await manyMerchants())];
  lines.push(await paymentRewrites());
  lines.push(`\nload average after: ${os.loadavg().map((load) => load.toFixed(1)).join(', ')}`, 'target: each under 10 s; no account row lock held over 100 ms');
  return lines.join('\n');
}
