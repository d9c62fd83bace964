import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { searchPaymentsAcrossMerchants } from '@/lib/payments/search-across-merchants';
import { db } from '@/lib/platform/db';
import { keepRailNotification } from '@/lib/rails/notifications';
import { cpuPerAnswered } from '../cpu';
import { loadPaths, table, type Figures } from '../load';
import { insertPayments, MERCHANTS, PAYERS, PAYMENTS, phoneOf, receiptOf, seed } from './operator-search-seed';
import { operatorToken } from './operator-session';
import type { Target } from './target';

/** Rows written to measure what the search indexes cost a payment written; 0 skips that part. */
const INSERT_PROBE = Number(process.env.BENCH_OPERATOR_INSERT_PROBE ?? 200_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What the two search indexes (migration 0030) cost a payment written: the same INSERT_PROBE rows
 * inserted with them and, after dropping them, without; each probe removed again. Measured on the
 * seeded table, so that the indexes are as deep as in service.
 */
async function insertCost(): Promise<string[]> {
  const probe = async () => {
    const from = PAYMENTS + 1;
    const started = performance.now();
    await insertPayments(from, from + INSERT_PROBE - 1);
    const ms = performance.now() - started;
    await db().execute(sql`delete from payments where provider_reference >= ${receiptOf(from)} and rail = 'MPESA' and provider_reference like 'Q%' and length(provider_reference) = 10`);
    await db().execute(sql`vacuum payments`);
    return ms;
  };
  // Three probes each way: the machine is shared, so each figure is listed, not one.
  const withIndexes = [await probe(), await probe(), await probe()];
  const definitions = (await db().execute<{ indexdef: string }>(sql`
    select indexdef from pg_indexes where tablename = 'payments' and indexname in ('payments_phone_reversed_idx', 'payments_bill_reference_idx')`)).rows;
  const sizes = (await db().execute<{ name: string; bytes: string }>(sql`
    select indexrelid::regclass::text as name, (select sum(pg_relation_size(part.relid)) from pg_partition_tree(indexrelid) part)::text as bytes from pg_index
     where indexrelid::regclass::text in ('payments_phone_reversed_idx', 'payments_bill_reference_idx')`)).rows;
  await db().execute(sql`drop index payments_phone_reversed_idx, payments_bill_reference_idx`);
  const without = [await probe(), await probe(), await probe()];
  const rebuilding = performance.now();
  // A partitioned table's index is defined ON ONLY the table (migration 0034); made on it whole here.
  for (const { indexdef } of definitions) await db().execute(sql.raw(indexdef.replace(' ON ONLY ', ' ON ')));
  const rebuilt = performance.now() - rebuilding;
  const perRow = (ms: number) => ((ms * 1000) / INSERT_PROBE).toFixed(1);
  const notification = await notificationCost();
  return [
    `\nWhat the search indexes cost a payment written (${INSERT_PROBE.toLocaleString('en')} rows inserted in one statement into the seeded table):`,
    `  with payments_phone_reversed_idx and payments_bill_reference_idx: ${withIndexes.map(perRow).join(', ')} µs per payment`,
    `  without them: ${without.map(perRow).join(', ')} µs per payment (medians: the two cost ${perRow(median(withIndexes) - median(without))} µs, ${(((median(withIndexes) - median(without)) / median(without)) * 100).toFixed(0)} %)`,
    `  their size: ${sizes.map((size) => `${size.name} ${(Number(size.bytes) / 2 ** 20).toFixed(0)} MiB (${(Number(size.bytes) / PAYMENTS).toFixed(1)} bytes a payment)`).join(', ')}; rebuilt in ${seconds(rebuilt)}`,
    `  the raw notification kept beside each rail confirmation (lib/rails/notifications.ts): a committed write took ${notification.alone} µs alone and ${notification.beside} µs with the notification's INSERT beside it (mean of 1,000 each, alternating)`,
  ];
}

/**
 * What keeping a rail's raw body adds to a confirmation: the notification's INSERT runs beside the
 * payment's own write (Promise.all in lib/rails/c2b.ts), so what counts is a committed write alone
 * against the same write with the notification beside it, ROUNDS of each, alternating.
 */
async function notificationCost(): Promise<{ alone: string; beside: string }> {
  const ROUNDS = 1_000;
  const body = JSON.stringify({ TransactionType: 'Pay Bill', TransID: 'QBENCH0000', TransAmount: '1500.00', BusinessShortCode: '4123456', BillRefNumber: '7000000001', MSISDN: '254712345678', FirstName: 'Achieng' });
  const write = (k: number, side: string) => db().execute(sql`insert into rail_references (rail, provider_reference) values ('BANK', ${`QBENCH-${side}-${k}`})`);
  let alone = 0;
  let beside = 0;
  for (let k = 0; k < ROUNDS; k++) {
    let started = performance.now();
    await write(k, 'A');
    alone += performance.now() - started;
    started = performance.now();
    await Promise.all([write(k, 'B'), keepRailNotification({ rail: 'MPESA', kind: 'C2B_CONFIRMATION', providerReference: `QBENCH${k}`, rawBody: body })]);
    beside += performance.now() - started;
  }
  await db().execute(sql`delete from rail_notifications where provider_reference like 'QBENCH%'`);
  await db().execute(sql`delete from rail_references where provider_reference like 'QBENCH-%'`);
  return { alone: ((alone * 1000) / ROUNDS).toFixed(0), beside: ((beside * 1000) / ROUNDS).toFixed(0) };
}

/**
 * The search's reads alone (searchPaymentsAcrossMerchants: the index lookups and the rows with
 * their merchant), one after another, without HTTP or the audit rows a search writes: what the
 * indexes answer in, apart from the commit that recording the search costs.
 */
async function lookupTimes(spread: (k: number) => number): Promise<string[]> {
  const ROUNDS = 500;
  const timed = async (q: (k: number) => string) => {
    const times: number[] = [];
    for (let k = 1; k <= ROUNDS; k++) {
      const started = performance.now();
      const found = await searchPaymentsAcrossMerchants(q(k));
      times.push(performance.now() - started);
      if (found.length === 0) throw new Error(`nothing found for ${q(k)}`);
    }
    times.sort((a, b) => a - b);
    return `p50 ${times[Math.floor(ROUNDS / 2)]!.toFixed(1)} ms, p99 ${times[Math.floor(ROUNDS * 0.99)]!.toFixed(1)} ms`;
  };
  return [
    `\nThe search's reads alone (no HTTP, no audit rows), ${ROUNDS} one after another:`,
    `  by receipt: ${await timed((k) => receiptOf(spread(k + 7_000_000)))}`,
    `  by phone (07…): ${await timed((k) => `0${phoneOf(spread(k + 9_000_000) % PAYERS).slice(3)}`)}`,
  ];
}

/** `npm run bench -- operator-search`: the console's search over PAYMENTS payments of MERCHANTS merchants, 4 connections. */
export async function operatorSearchScenario(target: Target): Promise<string> {
  const seeding = performance.now();
  const seeded = await seed((line) => console.error(line));
  const seedTime = `seeded in ${seconds(performance.now() - seeding)}: rows ${seeded.insertSeconds.toFixed(0)} s, ${seeded.indexes} secondary indexes ${seeded.indexSeconds.toFixed(0)} s`;
  const token = await operatorToken(target);
  const headers = { authorization: `Bearer ${token}` };
  const base = `http://127.0.0.1:${target.apiPort}`;
  let i = 0;
  // Each request a different payment (receipt) or payer (phone, in the three spellings people type).
  const spread = (k: number) => 1 + ((k * 2_654_435_761) % PAYMENTS);
  const byReceipt = () => `/api/v1/operator/payments?q=${receiptOf(spread(++i))}`;
  const spellings = [(phone: string) => phone, (phone: string) => `0${phone.slice(3)}`, (phone: string) => `%2B${phone}`];
  const byPhone = () => {
    const phone = phoneOf(spread(++i) % PAYERS);
    return `/api/v1/operator/payments?q=${spellings[i % 3]!(phone)}`;
  };
  const lookups = await lookupTimes(spread);
  // One search first, so that a refusal says why instead of failing the load run.
  const first = await fetch(`${base}${byReceipt()}`, { headers });
  if (first.status !== 200) throw new Error(`operator search answered ${first.status}: ${await first.text()}`);
  // The CPU each search cost the server and its PostgreSQL: steadier than searches a second, which
  // at 10M also follow the page cache and the audit rows' commits (docs/scaling.md, "Partitioning").
  const cpu: string[] = [];
  const measured = async (name: string, path: () => string): Promise<Figures> => {
    const { figures, serverMicros, postgresMicros } = await cpuPerAnswered(target.pid, () => loadPaths(name, base, path, headers, 4));
    cpu.push(`  ${name}: server ${(serverMicros / 1000).toFixed(2)} ms, PostgreSQL ${(postgresMicros / 1000).toFixed(2)} ms`);
    return figures;
  };
  const reads = table(
    `Operator search over ${PAYMENTS.toLocaleString('en')} payments of ${MERCHANTS.toLocaleString('en')} merchants (${seedTime}), 4 connections`,
    [await measured('by M-Pesa receipt', byReceipt), await measured('by payer phone (07…, 254…, +254…)', byPhone)],
  );
  const searched = [
    reads,
    '\ntarget: p99 < 50 ms (each search also writes its audit rows: one per merchant found)',
    '\nCPU a search (user + system, over the searches answered):',
    ...cpu,
    ...lookups,
  ].join('\n');
  // The search's figures now: the insert probes after them take many minutes at 10M (each probe is vacuumed away).
  console.error(searched);
  if (INSERT_PROBE <= 0) return searched;
  return [searched, ...(await insertCost())].join('\n');
}
