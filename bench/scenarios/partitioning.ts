import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { db, pool, withLongStatements } from '@/lib/platform/db';
import { partitionsSince } from '../seed-payments';
import { plainSchema, searchBoxScenario, seedLedgerWorld, statementScenario, ledgerCheckScenario } from './partitioning-reads';
import type { Target } from './target';

const PAYMENTS = Number(process.env.BENCH_PARTITION_PAYMENTS ?? 1_000_000);
const MERCHANTS = 100;
const ROUNDS = Number(process.env.BENCH_PARTITION_ROUNDS ?? 300);
const YEAR_SECONDS = 31_536_000;
/** BENCH_PARTITION_PARTS=search,statement,ledger: only these parts (default: all); `lookups`, `bills`, `writes` are the others. */
const PARTS = new Set((process.env.BENCH_PARTITION_PARTS ?? 'lookups,search,statement,bills,ledger,writes').split(','));

/**
 * Partitioned `payments` (migration 0034) against the same rows in one plain table with the keys it
 * had before (id alone, (rail, provider_reference) unique), query by query. The two are read
 * alternately, query after query, so that the shared machine's slower and faster spells fall on both
 * alike: the medians and 99th percentiles compare, the absolute figures are this machine's at that hour.
 */
export async function partitioningScenario(target: Target): Promise<string> {
  const seeding = performance.now();
  // With BENCH_DATA_DIR the seeded database is kept: a second run measures it again without seeding.
  const { rows: kept } = await db().execute<{ seeded: boolean }>(sql`select to_regclass('bench_seeded') is not null as seeded`);
  // At 10M a statement of the seed (the update of every payment, the copies, vacuum) outlasts the
  // harness's 10-minute statement timeout: DATABASE_LONG_QUERY_TIMEOUT_MS bounds each instead.
  if (!kept[0]!.seeded) await withLongStatements(seed);
  const seededIn = ((performance.now() - seeding) / 1000).toFixed(0);
  void target;
  return measure(seededIn);
}

async function seed(): Promise<void> {
  await partitionsSince(new Date(Date.now() - YEAR_SECONDS * 1000));
  for (let from = 1; from <= PAYMENTS; from += 250_000) {
    await db().execute(sql`
      insert into payments (id, merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency,
                            payer_name, payer_phone, payer_phone_reversed, provider_reference, bill_reference, match_status, received_at, created_at)
      select uuid_v7(at), md5('m' || n % ${MERCHANTS})::uuid, md5('a' || n % 5000)::uuid, '1' || (n % 5000), 'MPESA', 'MOBILE_MONEY', 100, 1, 99, 'KES',
             'Bench payer ' || (n % 997), phone, reverse(phone), 'P' || lpad(upper(to_hex(n)), 9, '0'), null, 'UNMATCHED', at, at
        from (select n, '2547' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0') as phone,
                     date_trunc('milliseconds', now()) - make_interval(secs => (n::bigint * ${YEAR_SECONDS} / ${PAYMENTS})::int) as at
                from generate_series(${from}::int, ${Math.min(PAYMENTS, from + 249_999)}::int) n) rows`);
  }
  const NUMBER_OF_REFERENCE = sql.raw(`('x' || lpad(substr(provider_reference, 2), 16, '0'))::bit(64)::bigint`); // the seed's n, from 'P' || hex(n)
  // Bills: every 500 consecutive payments (about 9 hours of the year) hold one bill per merchant, 5
  // payments each, whose payers typed its reference 'INV-<block>'; a bill is made just before its
  // first payment (bench_bills; seedLedgerWorld writes them as expected_payments too, for ledger:check).
  await db().execute(sql`
    update payments set expected_payment_id = md5('b' || (${NUMBER_OF_REFERENCE} / 500) || '-' || ${NUMBER_OF_REFERENCE} % ${MERCHANTS})::uuid,
                        bill_reference = 'INV-' || (${NUMBER_OF_REFERENCE} / 500)`);
  await db().execute(sql`drop table if exists bench_bills`);
  await db().execute(sql`
    create table bench_bills as
    select expected_payment_id as id, min(created_at) - interval '1 minute' as created_at, null::timestamptz as payments_since
      from payments group by expected_payment_id`);
  await db().execute(sql`alter table bench_bills add primary key (id)`);
  // Each payment's claim with its month, as the service writes it in the payment's statement (migration 0034).
  await db().execute(sql`insert into rail_references (rail, provider_reference, created_at) select rail, provider_reference, created_at from payments on conflict do nothing`);
  await db().execute(sql`drop table if exists payments_plain`);
  await db().execute(sql`create table payments_plain (like payments including defaults including constraints) with (fillfactor = 50)`);
  await db().execute(sql`insert into payments_plain select * from payments`);
  const { rows: definitions } = await db().execute<{ indexdef: string }>(sql`
    select indexdef from pg_indexes where tablename = 'payments' and indexname not in ('payments_pkey', 'payments_rail_reference_idx')`);
  for (const { indexdef } of definitions) {
    await db().execute(sql.raw(indexdef.replace(/INDEX (\w+) ON ONLY public\.payments /, 'INDEX $1_plain ON public.payments_plain ')));
  }
  await db().execute(sql`alter table payments_plain add primary key (id), add unique (rail, provider_reference)`);
  // The ledger: one credit per payment, in time order (the sequence follows the time, as the service
  // writes it), partitioned and in one plain table with main's key, for the statement cut by sequence.
  await db().execute(sql`
    insert into balance_entries (id, merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description, created_at)
    select uuid_v7(created_at), merchant_id, virtual_account_id, 'CREDIT', amount, amount, id, 'bench credit', created_at from payments order by created_at`);
  await db().execute(sql`drop table if exists balance_entries_plain`);
  await db().execute(sql`create table balance_entries_plain (like balance_entries including defaults including constraints)`);
  await db().execute(sql`insert into balance_entries_plain select * from balance_entries`);
  const { rows: entryIndexes } = await db().execute<{ indexdef: string }>(sql`
    select indexdef from pg_indexes where tablename = 'balance_entries' and indexname <> 'balance_entries_pkey'`);
  for (const { indexdef } of entryIndexes) {
    await db().execute(sql.raw(indexdef.replace(/INDEX (\w+) ON ONLY public\.balance_entries /, 'INDEX $1_plain ON public.balance_entries_plain ')));
  }
  await db().execute(sql`alter table balance_entries_plain add primary key (id)`);
  await seedLedgerWorld();
  await db().execute(sql`vacuum (analyze) payments, payments_plain, rail_references, balance_entries, balance_entries_plain, expected_payments, suspense_payments, settlements, settlement_items`);
  await db().execute(sql`create table bench_seeded (payments int)`);
  await db().execute(sql`insert into bench_seeded values (${PAYMENTS})`);
}

async function measure(seededIn: string): Promise<string> {
  await plainSchema();
  const { rows: counted } = await db().execute<{ partitions: number }>(sql`select count(*)::int as partitions from pg_partition_tree('payments') where isleaf`);

  const { rows: samples } = await db().execute<{ id: string; merchant_id: string; account_id: string; created_at: string; provider_reference: string; phone: string; payer_phone: string; bill_reference: string }>(sql`
    select id, merchant_id, virtual_account_id as account_id, created_at::text, provider_reference, payer_phone_reversed as phone, payer_phone, bill_reference
      from payments tablesample system (1) limit ${ROUNDS}`);
  // Each query as the service sends it to each table: on the plain table a payment by id is `id = $1`
  // (its key), on the partitioned one the id's window is added (lib/payments/by-id.ts, migration 0034).
  // `prepared`: the service sends it as a named statement (executePrepared), whose plan PostgreSQL
  // keeps per connection (a generic plan after five runs), so it is timed so here, on both tables alike.
  const byId = (table: string) => (table === 'payments' ? `id = $1 and created_at between id_created_after($1) and id_created_before($1)` : 'id = $1');
  const newest = 'order by created_at desc nulls last, id desc nulls last'; // lib/api/pagination.ts: as the indexes are
  type Sample = (typeof samples)[number];
  // The national digits reversed (nine), as the operator's search reads a whole number (lib/payments/search-across-merchants.ts).
  const phoneRange = (s: Sample) => [s.phone.slice(0, 9), s.phone.slice(0, 8) + String.fromCharCode(s.phone.charCodeAt(8) + 1)];
  // 'generic': as the operator's search sends it, a prepared statement forced to its generic plan in a
  // transaction of its own (begin, set local plan_cache_mode, the statement, commit: all timed).
  const queries: [string, boolean | 'generic', (table: string, sample: Sample) => [string, unknown[]]][] = [
    ['a payment by id (GET /payments/{id}, prepared)', true, (table, s) => [`select * from ${table} where ${byId(table)}`, [s.id]]],
    ['a payment by id, planned each time', false, (table, s) => [`select * from ${table} where ${byId(table)}`, [s.id]]],
    ['a payment by id alone (an id without time, as before 0034: every month)', false, (table, s) => [`select * from ${table} where id = $1`, [s.id]]],
    ['a payment by id and time (a cursor, a link)', false, (table, s) => [`select * from ${table} where id = $1 and created_at = $2`, [s.id, s.created_at]]],
    ['a merchant\'s first page (50, newest first, prepared)', true, (table, s) => [`select * from ${table} where merchant_id = $1 ${newest} limit 51`, [s.merchant_id]]],
    ['a merchant\'s page after a cursor (prepared)', true, (table, s) => [`select * from ${table} where merchant_id = $1 and (created_at, id) < ($2, $3) and created_at <= $2 ${newest} limit 51`, [s.merchant_id, s.created_at, s.id]]],
    ['an account\'s month of payments (a statement\'s or export\'s range)', false, (table, s) => [`select * from ${table} where virtual_account_id = $1 and created_at >= date_trunc('month', $2::timestamptz) and created_at < date_trunc('month', $2::timestamptz) + interval '1 month' order by created_at, id`, [s.account_id, s.created_at]]],
    ['20 payments joined by id (the settlement queue, a search\'s rows)', false, (table, s) => [`select p.* from (select id from ${table} where merchant_id = $1 ${newest} limit 20) q join lateral (select * from ${table} p where p.${byId(table).replaceAll('$1', 'q.id').replaceAll('created_at', 'p.created_at')}) p on true`, [s.merchant_id]]],
    ['20 payments joined by id and created_at (the operator search\'s rows)', false, (table, s) => [`select p.* from (select id, created_at from ${table} where merchant_id = $1 ${newest} limit 20) q join ${table} p on p.id = q.id and p.created_at = q.created_at`, [s.merchant_id]]],
    ['a merchant\'s payment by receipt', false, (table, s) => [`select * from ${table} where merchant_id = $1 and provider_reference = $2`, [s.merchant_id, s.provider_reference]]],
    ['a rail reference across merchants, every month (without the claim\'s created_at)', false, (table, s) => [`select * from ${table} where rail = 'MPESA' and provider_reference = $1`, [s.provider_reference]]],
    ['a payer phone across merchants (newest 50, LIKE, planned each time)', false, (table, s) => [`select * from ${table} where payer_phone_reversed like $1 order by created_at desc limit 50`, [`${s.phone.slice(0, 9)}%`]]],
    ['a payer phone across merchants (newest 50, a range, prepared, generic plan: the operator search)', 'generic', (table, s) => [`select * from ${table} where payer_phone_reversed is not null and payer_phone_reversed ~>=~ $1 and payer_phone_reversed ~<~ $2 order by created_at desc limit 50`, phoneRange(s)]],
  ];
  const client = await pool().connect();
  const lines: string[] = [];
  try {
    const timed = async (text: string, values: unknown[], name?: string, generic = false) => {
      const started = performance.now();
      if (generic) await client.query("begin; set local plan_cache_mode = 'force_generic_plan'");
      await client.query(name ? { name, text, values } : { text, values });
      if (generic) await client.query('commit');
      return performance.now() - started;
    };
    for (const [index, [name, prepared, make]] of PARTS.has('lookups') ? queries.entries() : []) {
      const times: Record<'payments' | 'payments_plain', number[]> = { payments: [], payments_plain: [] };
      for (const [round, sample] of samples.entries()) {
        const order = round % 2 === 0 ? (['payments', 'payments_plain'] as const) : (['payments_plain', 'payments'] as const);
        for (const table of order) times[table].push(await timed(...make(table, sample), prepared ? `bench_${table}_${index}` : undefined, prepared === 'generic'));
      }
      lines.push(`| ${name} | ${figures(times.payments_plain)} | ${figures(times.payments)} |`);
    }
    // By rail reference as each layout's service reads it: the plain table by its unique key; the
    // partitioned one through the claim, then the payment with the claim's created_at as a value
    // (lib/payments/by-reference.ts: two statements, both timed).
    const byReference: Record<'payments' | 'payments_plain', number[]> = { payments: [], payments_plain: [] };
    for (const [round, sample] of PARTS.has('lookups') ? samples.entries() : []) {
      for (const table of round % 2 === 0 ? (['payments', 'payments_plain'] as const) : (['payments_plain', 'payments'] as const)) {
        const started = performance.now();
        if (table === 'payments_plain') await client.query(`select * from payments_plain where rail = 'MPESA' and provider_reference = $1`, [sample.provider_reference]);
        else {
          const { rows } = await client.query<{ created_at: string }>(`select created_at::text from rail_references where rail = 'MPESA' and provider_reference = $1`, [sample.provider_reference]);
          await client.query(`select * from payments where rail = 'MPESA' and provider_reference = $1 and created_at = $2`, [sample.provider_reference, rows[0]!.created_at]);
        }
        byReference[table].push(performance.now() - started);
      }
    }
    if (PARTS.has('lookups')) lines.push(`| a rail reference across merchants (partitioned: its claim, then one month; lib/payments/by-reference.ts) | ${figures(byReference.payments_plain)} | ${figures(byReference.payments)} |`);
    if (PARTS.has('search')) lines.push(...(await searchBoxScenario(samples)));
    // An account's statement of a Nairobi month, its entries cut by sequence (lib/statements/account-statement.ts):
    // the cuts are computed first, outside the timing; the partitioned table is read with the period's
    // created_at bounds a day either side (periodEntries), and without them as before, every month.
    const statement = { plain: [] as number[], bounded: [] as number[], unbounded: [] as number[] };
    const entriesOf = (table: string, bounded: boolean) =>
      `select id, type, amount::text, balance_after::text, payment_id, settlement_id, description, created_at from ${table}
        where virtual_account_id = $1 and sequence > $2 and sequence <= $3${bounded ? ' and created_at >= $4 and created_at < $5' : ''} order by sequence limit 10001`;
    for (const [round, sample] of PARTS.has('statement') ? samples.entries() : []) {
      const start = new Date(`${nairobiMonthOf(new Date(sample.created_at.replace(' ', 'T').replace(/\+00$/, 'Z')))}-01T00:00:00+03:00`);
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 2, 1) - 3 * 3_600_000);
      const { rows: cuts } = await client.query<{ start_cut: string; end_cut: string }>(
        `select coalesce((select max(sequence) from balance_entries_plain where virtual_account_id = $1 and created_at < $2), 0)::text as start_cut,
                coalesce((select max(sequence) from balance_entries_plain where virtual_account_id = $1 and created_at < $3), 0)::text as end_cut`,
        [sample.account_id, start.toISOString(), end.toISOString()],
      );
      const cut = [sample.account_id, cuts[0]!.start_cut, cuts[0]!.end_cut];
      const bounds = [new Date(start.getTime() - 86_400_000).toISOString(), new Date(end.getTime() + 86_400_000).toISOString()];
      const runs: [keyof typeof statement, () => Promise<unknown>][] = [
        ['plain', () => client.query(entriesOf('balance_entries_plain', false), cut)],
        ['bounded', () => client.query(entriesOf('balance_entries', true), [...cut, ...bounds])],
        ['unbounded', () => client.query(entriesOf('balance_entries', false), cut)],
      ];
      for (const [which, run] of round % 2 === 0 ? runs : [...runs].reverse()) {
        const started = performance.now();
        await run();
        statement[which].push(performance.now() - started);
      }
    }
    // A bill's payments (the payments list by expectedPaymentId, prepared as the service sends it):
    // by expected_payment_id alone (what the service sends: every month), and from the bill's
    // created_at less a day on (a bound tried and left out: docs/scaling.md, "Bills, statements").
    const billOf = await client.query<{ id: string; bill: string; merchant: string }>(
      `select s.id, p.expected_payment_id as bill, p.merchant_id as merchant from unnest($1::uuid[]) s(id) join payments_plain p on p.id = s.id`,
      [samples.map((sample) => sample.id)],
    );
    const billPayments = { plain: [] as number[], bounded: [] as number[], unbounded: [] as number[] };
    const page = `order by created_at desc nulls last, id desc nulls last limit 51`;
    const since = `and created_at >= coalesce((select b.created_at - interval '1 day' from bench_bills b where b.id = $2), '-infinity')`;
    for (const [round, row] of PARTS.has('bills') ? billOf.rows.entries() : []) {
      const runs: [keyof typeof billPayments, () => Promise<unknown>][] = [
        ['plain', () => client.query({ name: 'bench_bill_plain', text: `select * from payments_plain where merchant_id = $1 and expected_payment_id = $2 ${page}`, values: [row.merchant, row.bill] })],
        ['bounded', () => client.query({ name: 'bench_bill_bounded', text: `select * from payments where merchant_id = $1 and expected_payment_id = $2 ${since} ${page}`, values: [row.merchant, row.bill] })],
        ['unbounded', () => client.query({ name: 'bench_bill_unbounded', text: `select * from payments where merchant_id = $1 and expected_payment_id = $2 ${page}`, values: [row.merchant, row.bill] })],
      ];
      for (const [which, run] of round % 2 === 0 ? runs : [...runs].reverse()) {
        const started = performance.now();
        await run();
        billPayments[which].push(performance.now() - started);
      }
    }
    if (PARTS.has('bills')) {
      lines.push(`| a bill's payments by expected_payment_id, every month (the service's; prepared) | ${figures(billPayments.plain)} | ${figures(billPayments.unbounded)} |`);
      lines.push(`| a bill's payments from the bill's created_at less a day (tried, left out; prepared) | ${figures(billPayments.plain)} | ${figures(billPayments.bounded)} |`);
    }
    if (PARTS.has('statement')) {
      lines.push(`| an account's statement's entries of a month, cut by sequence, every month (before) | ${figures(statement.plain)} | ${figures(statement.unbounded)} |`);
      lines.push(`| an account's statement's entries of a month, cut by sequence, with the period's created_at bounds | ${figures(statement.plain)} | ${figures(statement.bounded)} |`);
      lines.push(...(await statementScenario(samples)));
    }
    // Writes: a batch of 20 new payments into each, alternately (each insert its own transaction).
    const writes: Record<'payments' | 'payments_plain', number[]> = { payments: [], payments_plain: [] };
    const run = Date.now().toString(36); // references unique across runs on a kept database
    for (let round = 0; round < (PARTS.has('writes') ? ROUNDS / 3 : 0); round++) {
      for (const table of round % 2 === 0 ? (['payments', 'payments_plain'] as const) : (['payments_plain', 'payments'] as const)) {
        writes[table].push(
          await timed(
            `insert into ${table} (merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency, payer_phone, payer_phone_reversed, provider_reference, match_status, received_at)
             select md5('m' || n % ${MERCHANTS})::uuid, md5('a' || n)::uuid, '1', 'MPESA', 'MOBILE_MONEY', 100, 1, 99, 'KES', '254700000000', '000000007452', 'W' || $1 || '-' || n, 'UNMATCHED', now()
               from generate_series(1, 20) n`,
            [`${table}${run}-${round}`],
          ),
        );
      }
    }
    if (PARTS.has('writes')) lines.push(`| a batch of 20 payments written | ${figures(writes.payments_plain)} | ${figures(writes.payments)} |`);
  } finally {
    client.release();
  }
  const checks = PARTS.has('ledger') ? await ledgerCheckScenario() : [];
  return [
    `\n### Partitioned payments against one plain table: ${PAYMENTS.toLocaleString('en')} payments over a year, ${counted[0]!.partitions} partitions (seeded and copied in ${seededIn} s); ${samples.length} of each, alternating`,
    '',
    '| query | plain table: p50 / p99 ms | partitioned by month: p50 / p99 ms |',
    '|---|---:|---:|',
    ...lines,
    ...checks,
  ].join('\n');
}

/** The Nairobi month (YYYY-MM) of an instant: Nairobi keeps UTC+3 all year. */
const nairobiMonthOf = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 7);

function figures(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2);
  return `${at(0.5)} / ${at(0.99)}`;
}
