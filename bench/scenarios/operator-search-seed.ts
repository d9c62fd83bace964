import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { seedBenchMerchants } from '../seed-merchants';
import { partitionsSince } from '../seed-payments';

export const PAYMENTS = Number(process.env.BENCH_OPERATOR_PAYMENTS ?? 10_000_000);
export const MERCHANTS = Number(process.env.BENCH_OPERATOR_MERCHANTS ?? 10_000);
/** Payers: about five payments each over the whole table, as regular payers make. */
export const PAYERS = Math.max(1, Math.floor(PAYMENTS / 5));
/** Rows per INSERT … SELECT: large enough to be set-based, small enough that one statement stays a few minutes at most. */
const CHUNK = Number(process.env.BENCH_OPERATOR_CHUNK ?? 500_000);
const PREFIX = 'Operator bench shop ';
/** The seeded rows' window: a year of payments, the newest now. */
const YEAR_SECONDS = 31_536_000;

/** The n-th payer's phone, as rails send it (2547…), and the n-th payment's receipt: the same formulas the seed uses. */
export const phoneOf = (payer: number) => `2547${String((payer * 7919) % 100_000_000).padStart(8, '0')}`;
export const receiptOf = (n: number) => `Q${n.toString(16).toUpperCase().padStart(9, '0')}`;

/**
 * A fixed pseudo-random number in [0, 1) for row n (a multiplicative hash with a salt per use), in
 * SQL: the seed must be repeatable, and the searches recompute receipts and phones from n.
 */
const unit = (salt: number) => sql.raw(`(((n::bigint * 2654435761 + ${salt}) % 4294967296)::float8 / 4294967296)`);

/**
 * Payments n = from…to in one INSERT … SELECT, with the shapes of real traffic rather than a flat spread:
 * - merchants: slot 1 + ⌊MERCHANTS · u³⌋, a long tail: the busiest 1 % of merchants take about a fifth
 *   of the payments, most merchants a few hundred;
 * - payers: the first PAYERS payments are one per payer (every phone the bench searches has paid),
 *   the rest ⌊PAYERS · u²⌋, so regulars pay far more often than the average five times;
 * - amounts: whole shillings from 10 to 150,000, 10 · 15000^(u^1.5): median about 300 KES, as paybill
 *   payments are mostly small;
 * - ids: of the row's own time, as the service makes them (time-ordered, migration 0034);
 * - time: the rows span a year in order of n (newest last), a minute's jitter each; a third carry a
 *   bill reference that many merchants use alike (INV-…).
 */
export function insertPayments(from: number, to: number) {
  // Each payment with its reference's claim, as the service writes them (migrations 0019, 0034).
  return db().execute(sql`
    with inserted as (
    insert into payments (id, merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency,
                          payer_name, payer_phone, payer_phone_reversed, provider_reference, bill_reference, match_status, received_at, created_at)
    select uuid_v7(at), s.merchant_id, s.id, s.account_number, 'MPESA', 'MOBILE_MONEY', amount, fee, amount - fee, 'KES',
           'Bench payer ' || payer, phone, reverse(phone), 'Q' || lpad(upper(to_hex(n)), 9, '0'),
           case when n % 3 = 0 then 'INV-' || (n % 50000) end, 'UNMATCHED', at, at
      from (select n, payer, amount,
                   least(greatest(round(amount * 0.01, 2), 1), 200) as fee,
                   '2547' || lpad(((payer::bigint * 7919) % 100000000)::text, 8, '0') as phone,
                   1 + least(${MERCHANTS - 1}, floor(${MERCHANTS} * power(${unit(17)}, 3))::int) as slot,
                   date_trunc('milliseconds', now() - make_interval(secs => greatest(0, (${PAYMENTS} - n)::float8 * ${YEAR_SECONDS} / ${PAYMENTS} + 60 * ${unit(29)}))) as at
              from (select n,
                           case when n <= ${PAYERS} then n - 1 else least(${PAYERS - 1}, floor(${PAYERS} * power(${unit(5)}, 2))::int) end as payer,
                           round(10 * power(15000, power(${unit(11)}, 1.5)))::numeric as amount
                      from generate_series(${from}::bigint, ${to}::bigint) as n) drawn) rows
      join bench_operator_slots s on s.slot = rows.slot
    returning rail, provider_reference, created_at)
    insert into rail_references (rail, provider_reference, created_at) select rail, provider_reference, created_at from inserted`);
}

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * The secondary indexes of the tables the seed fills (payments and the settlement queue its trigger
 * fills), those that back no constraint: building each once over the seeded rows is many times
 * faster than maintaining it row by row (the payer-name trigram index most of all). The unique and
 * primary keys stay, so the seed is checked as service would check it.
 */
async function secondaryIndexes(): Promise<IndexDefinition[]> {
  const { rows } = await db().execute<{ name: string; definition: string }>(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
     where i.indrelid in ('payments'::regclass, 'unsettled_payments'::regclass)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by 1`);
  return rows;
}

/** Each index again, exactly as it was defined (the migrations' definitions, read back from the catalogue). */
async function rebuild(indexes: IndexDefinition[]): Promise<void> {
  for (const index of indexes) {
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      // A partitioned table's index reads back as CREATE INDEX … ON ONLY (the parent's alone, left
      // invalid, migration 0034): made here on the table whole, every partition's index with it.
      await tx.execute(sql.raw(index.definition.replace(' ON ONLY ', ' ON ')));
    });
  }
}

export interface SeedReport {
  merchants: number;
  /** Seconds: the rows written, then the secondary indexes built over them. */
  insertSeconds: number;
  indexSeconds: number;
  indexes: number;
}

/**
 * The payments of many merchants, set-based (an API call each would take days). The statement
 * triggers on payments fire as in service, once per chunk: the settlement queue
 * (payments_queue_unsettled) takes every row, as it does every payment until it is settled, and the
 * receipts trigger queues nothing, as the bench merchants asked for no receipts.
 */
export async function seed(log: (line: string) => void = () => {}): Promise<SeedReport> {
  const kept = await keptSeed();
  if (kept) {
    log(`  reusing the ${PAYMENTS.toLocaleString('en')} payments seeded earlier in BENCH_DATA_DIR`);
    return kept;
  }
  await seedBenchMerchants(PREFIX, MERCHANTS, '7');
  // Slot i (1-based) is the i-th merchant's account: payments read it by index, not by a join per row.
  await db().execute(sql`create unlogged table bench_operator_slots as
    select row_number() over (order by a.id)::int as slot, a.id, a.merchant_id, a.account_number
      from virtual_accounts a join merchants m on m.id = a.merchant_id where m.name like ${PREFIX + '%'}`);
  await db().execute(sql`create unique index on bench_operator_slots (slot)`);
  await partitionsSince(new Date(Date.now() - (YEAR_SECONDS + 3600) * 1000)); // the payments below go back a year

  const indexes = await secondaryIndexes();
  for (const index of indexes) await db().execute(sql.raw(`drop index ${index.name}`));
  const inserting = performance.now();
  for (let from = 1; from <= PAYMENTS; from += CHUNK) {
    const to = Math.min(PAYMENTS, from + CHUNK - 1);
    const started = performance.now();
    await insertPayments(from, to);
    log(`  seeded payments ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const insertSeconds = (performance.now() - inserting) / 1000;
  const indexing = performance.now();
  await rebuild(indexes);
  const indexSeconds = (performance.now() - indexing) / 1000;
  log(`  built ${indexes.length} secondary indexes in ${indexSeconds.toFixed(0)} s`);
  await db().execute(sql`vacuum (analyze) merchants, virtual_accounts, payments, unsettled_payments`);
  const report = { merchants: MERCHANTS, insertSeconds, indexSeconds, indexes: indexes.length };
  await db().execute(sql`create table bench_operator_seeded as select ${PAYMENTS}::bigint as payments, ${JSON.stringify(report)}::jsonb as report`);
  return report;
}

/**
 * The seed of an earlier run in a kept data folder (BENCH_DATA_DIR), if it holds as many payments:
 * seeding 10M rows takes 20–40 minutes, so it can be done once and the searches measured later,
 * when the machine is quiet.
 */
async function keptSeed(): Promise<SeedReport | undefined> {
  const { rows } = await db().execute<{ found: string | null }>(sql`select to_regclass('bench_operator_seeded')::text as found`);
  if (!rows[0]?.found) return undefined;
  const seeded = await db().execute<{ payments: string; report: SeedReport }>(sql`select payments::text, report from bench_operator_seeded`);
  const row = seeded.rows[0];
  return row && Number(row.payments) === PAYMENTS ? row.report : undefined;
}
