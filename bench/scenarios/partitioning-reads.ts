import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { newestFirst } from '@/lib/api/pagination';
import { ledgerChecks } from '@/lib/ledger/check';
import { paymentsMatching } from '@/lib/payments/filters';
import { payments } from '@/lib/payments/schema';
import { db, pool } from '@/lib/platform/db';
import { namedColumns } from '@/lib/platform/db/prepared';
import { statementReads } from '@/lib/statements/account-statement';

/**
 * The reads of issue 29's last steps, each sent AS THE SERVICE SENDS IT (the same functions render
 * the same SQL), once on the partitioned tables and once on plain copies: a second connection whose
 * search_path puts the schema `plain` first, where `payments` and `balance_entries` are views of the
 * plain tables (payments_plain, balance_entries_plain). Each connection keeps its own prepared
 * statements, as a pooled connection of the service does.
 */

export interface BenchSample {
  id: string;
  merchant_id: string;
  account_id: string;
  created_at: string;
  provider_reference: string;
  payer_phone: string;
  bill_reference: string;
}

type Layout = 'partitioned' | 'plain';

/**
 * The plain copies as tables of the schema `plain` under the partitioned tables' names (tables, not
 * views: ledger:check's GROUP BY p.id relies on the key), with views public.payments_plain and
 * public.balance_entries_plain for the other queries of the bench. Idempotent (a kept database).
 */
export async function plainSchema(): Promise<void> {
  await db().execute(sql`create schema if not exists plain`);
  for (const table of ['payments', 'balance_entries']) {
    const { rows } = await db().execute<{ kind: string | null }>(sql`
      select (select relkind::text from pg_class where oid = to_regclass(${`plain.${table}`})) as kind`);
    if (rows[0]!.kind === 'r') continue;
    if (rows[0]!.kind === 'v') await db().execute(sql.raw(`drop view plain.${table}`));
    await db().execute(sql.raw(`alter table public.${table}_plain set schema plain`));
    await db().execute(sql.raw(`alter table plain.${table}_plain rename to ${table}`));
    await db().execute(sql.raw(`create view public.${table}_plain as select * from plain.${table}`));
  }
}

/**
 * What ledger:check joins payments with, at the bench's scale: the bench's bills as expected_payments
 * (paid, each naming its latest payment as matched credit), resolved suspense rows naming their
 * payment, and settlements of a fifth of the payments older than 30 days with their items. Written
 * with foreign keys off (session_replication_role): the bench's merchants are ids, not rows.
 */
export async function seedLedgerWorld(): Promise<void> {
  const numberOf = sql.raw(`('x' || lpad(substr(p.provider_reference, 2), 16, '0'))::bit(64)::bigint`);
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into expected_payments (id, merchant_id, payment_reference, amount, amount_paid, currency, status, expires_at, matched_credit_id, created_at)
      select b.id, p.merchant_id, min(p.bill_reference), sum(p.amount), sum(p.amount), 'KES', 'PAID', b.created_at + interval '30 days',
             (array_agg(p.id order by p.created_at desc))[1], b.created_at
        from bench_bills b join payments p on p.expected_payment_id = b.id
       group by b.id, b.created_at, p.merchant_id`);
    await tx.execute(sql`
      insert into suspense_payments (rail, provider_reference, amount, amount_text, currency, reason, payload, received_at, merchant_id, status, resolved_payment_id, resolved_at, created_at)
      select p.rail, p.provider_reference, p.amount, p.amount::text, p.currency, 'UNKNOWN_ACCOUNT', '{}'::jsonb, p.received_at, p.merchant_id, 'RESOLVED', p.id, p.created_at, p.created_at
        from payments p where ${numberOf} % 200 = 7`);
    await tx.execute(sql`
      insert into settlement_items (settlement_id, kind, payment_id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, occurred_at)
      select md5('s' || p.merchant_id || (p.created_at at time zone 'Africa/Nairobi')::date)::uuid, 'PAYMENT', p.id, p.merchant_id, p.virtual_account_id,
             p.provider_reference, p.amount, p.fee_amount, p.net_amount, p.created_at
        from payments p where ${numberOf} % 5 = 0 and p.created_at < now() - interval '30 days'`);
    await tx.execute(sql`
      insert into settlements (id, merchant_id, currency, settlement_account_id, rail, destination, gross_amount, fee_amount, reversal_amount, amount,
                               entry_count, status, origin, cutoff, paid_at, created_at)
      select settlement_id, merchant_id, 'KES', md5('sa' || merchant_id)::uuid, 'SIMULATOR', 'bench', sum(amount), sum(fee_amount), 0, sum(net_amount),
             count(*), 'PAID', 'MANUAL', max(occurred_at), max(occurred_at), max(occurred_at)
        from settlement_items group by settlement_id, merchant_id`);
  });
}

/** One connection per layout, held for the whole part (its prepared statements with it). */
async function withLayouts<T>(work: (clients: Record<Layout, pg.PoolClient>) => Promise<T>): Promise<T> {
  const partitioned = await pool().connect();
  const plain = await pool().connect();
  try {
    await plain.query('set search_path = plain, public');
    return await work({ partitioned, plain });
  } finally {
    await plain.query('reset search_path').catch(() => undefined);
    partitioned.release();
    plain.release();
  }
}

/** Runs each layout's turn in alternating order, round after round, and collects the times. */
async function alternate<S>(samples: S[], run: (layout: Layout, sample: S) => Promise<unknown>): Promise<Record<Layout, number[]>> {
  const times: Record<Layout, number[]> = { partitioned: [], plain: [] };
  for (const [round, sample] of samples.entries()) {
    for (const layout of round % 2 === 0 ? (['partitioned', 'plain'] as const) : (['plain', 'partitioned'] as const)) {
      const started = performance.now();
      await run(layout, sample);
      times[layout].push(performance.now() - started);
    }
  }
  return times;
}

const dialect = new PgDialect();
const selectList = sql.join(namedColumns(getTableColumns(payments)), sql`, `);

/**
 * A merchant's search box as lib/payments/queries.ts' listPayments sends it on the partitioned
 * tables (the function merchant_search_payments, migration 0038: the search keys first), and, on the
 * plain copy, as it sent it on one table before 0038: each reading of q in payments' own indexes.
 * Newest first, 51 rows, as a named prepared statement.
 */
function searchBox(layout: Layout, merchantId: string, q: string) {
  const newest = sql`order by ${sql.join(newestFirst(payments.createdAt, payments.id), sql`, `)} limit ${51}`;
  const { from, where } = paymentsMatching({ merchantId, subMerchantId: null }, { q } as Parameters<typeof paymentsMatching>[1]);
  const query = layout === 'partitioned' ? sql`select ${selectList} from ${from} where ${where} ${newest}` : oneTableSearch(merchantId, q, newest);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: `bench_search_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`, text, values: params as unknown[] };
}

/** The search box's statement before migration 0038 (lib/payments/filters.ts at e8b1e06), for the plain table. */
function oneTableSearch(merchantId: string, q: string, newest: ReturnType<typeof sql>) {
  const value = (text: string) => sql`(select ${text}::text)`;
  const readings = [sql`${payments.billReference} = ${value(q)}`, sql`${payments.providerReference} = ${value(q)}`];
  if (/^[A-Za-z0-9]{6,30}$/.test(q) && /[A-Za-z]/.test(q) && /\d/.test(q)) readings.push(sql`${payments.providerReference} = ${value(q.toUpperCase())}`);
  const digits = /^0?(\d{3,12})$/.exec(q)?.[1];
  if (digits) {
    const from = digits.split('').reverse().join('');
    const to = from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1);
    readings.push(sql`(${payments.payerPhoneReversed} ~>=~ ${value(from)} and ${payments.payerPhoneReversed} ~<~ ${value(to)})`);
  }
  return sql`select ${selectList} from ${payments} where ${payments.merchantId} = ${merchantId} and (${sql.join(readings, sql` or `)}) ${newest}`;
}

/** What a merchant types: a receipt in lower case, a phone as 07…, a bill reference. */
const typed: [string, (sample: BenchSample) => string][] = [
  ['a receipt, typed in lower case', (sample) => sample.provider_reference.toLowerCase()],
  ['a phone, typed 07…', (sample) => `0${sample.payer_phone.slice(3)}`],
  ['a bill reference', (sample) => sample.bill_reference],
];

export async function searchBoxScenario(samples: BenchSample[]): Promise<string[]> {
  return withLayouts(async (clients) => {
    const lines: string[] = [];
    for (const [what, q] of typed) {
      let differing = 0;
      const found = new Map<string, string>();
      const times = await alternate(samples, async (layout, sample) => {
        const { rows } = await clients[layout].query<{ id: string }>(searchBox(layout, sample.merchant_id, q(sample)));
        const ids = rows.map((row) => row.id).join(',');
        const other = found.get(sample.id);
        if (other === undefined) found.set(sample.id, ids);
        else if (other !== ids) differing++;
      });
      const note = differing > 0 ? ` (${differing} searches found different rows!)` : '';
      lines.push(`| a merchant's search box, ${what} (listPayments: prepared, newest first, 51)${note} | ${figures(times.plain)} | ${figures(times.partitioned)} |`);
    }
    return lines;
  });
}

/** Nairobi keeps UTC+3 all year: the month of an instant's Nairobi day, its first midnight and the next month's. */
function nairobiMonth(createdAt: string) {
  const at = new Date(createdAt.replace(' ', 'T').replace(/\+00$/, 'Z'));
  const local = new Date(at.getTime() + 3 * 3_600_000);
  const start = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 3 * 3_600_000);
  const end = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - 3 * 3_600_000);
  return { start, end };
}

/** An account's statement of a Nairobi month, every read of it as accountStatement sends them, in its repeatable-read transaction. */
export async function statementScenario(samples: BenchSample[]): Promise<string[]> {
  return withLayouts(async (clients) => {
    const handles = { partitioned: drizzle(clients.partitioned), plain: drizzle(clients.plain) };
    const times = await alternate(samples, (layout, sample) => {
      const { start, end } = nairobiMonth(sample.created_at);
      return handles[layout].transaction((tx) => statementReads(tx, sample.account_id, start, end), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    });
    return [`| an account's statement of a month, whole (lib/statements/account-statement.ts: cuts, opening balances, entries, totals) | ${figures(times.plain)} | ${figures(times.partitioned)} |`];
  });
}

/**
 * Each ledger:check query as checkLedger sends it, over the whole database and for one merchant
 * (`ledger:check --merchant`: few rows on the outer side, where the planner may choose nested
 * loops), on each layout in turn (once each). BENCH_PARTITION_EXPLAIN=<file> writes each one's
 * EXPLAIN ANALYZE on the partitioned tables there (the merchant's to <file>.merchant).
 */
export async function ledgerCheckScenario(): Promise<string[]> {
  const { rows } = await db().execute<{ merchant_id: string }>(sql`select merchant_id from payments limit 1`);
  return [
    ...(await ledgerChecksTimed('over the whole database', undefined, process.env.BENCH_PARTITION_EXPLAIN)),
    ...(await ledgerChecksTimed('for one merchant of 100 (ledger:check --merchant)', rows[0]!.merchant_id, process.env.BENCH_PARTITION_EXPLAIN && `${process.env.BENCH_PARTITION_EXPLAIN}.merchant`)),
  ];
}

async function ledgerChecksTimed(what: string, merchantId: string | undefined, explainTo: string | undefined): Promise<string[]> {
  const plans: string[] = [];
  const lines = await withLayouts(async (clients) => {
    const rows: string[] = [];
    let total: Record<Layout, number> = { partitioned: 0, plain: 0 };
    for (const [index, [invariant, query]] of Object.entries(ledgerChecks(merchantId)).entries()) {
      const { sql: text, params } = dialect.sqlToQuery(sql`select count(*) over () as total, broken.* from (${query}) broken limit ${5}`);
      const took: Record<Layout, number> = { partitioned: 0, plain: 0 };
      for (const layout of index % 2 === 0 ? (['partitioned', 'plain'] as const) : (['plain', 'partitioned'] as const)) {
        const started = performance.now();
        await clients[layout].query(text, params as unknown[]);
        took[layout] = performance.now() - started;
      }
      total = { partitioned: total.partitioned + took.partitioned, plain: total.plain + took.plain };
      rows.push(`| ${invariant} | ${took.plain.toFixed(0)} | ${took.partitioned.toFixed(0)} |`);
      if (explainTo) {
        const { rows: plan } = await clients.partitioned.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`, params as unknown[]);
        plans.push(`## ${invariant}\n${plan.map((line) => line['QUERY PLAN']).join('\n')}\n`);
      }
    }
    rows.push(`| **all checks** | ${total.plain.toFixed(0)} | ${total.partitioned.toFixed(0)} |`);
    return rows;
  });
  if (explainTo) await writeFile(explainTo, plans.join('\n'));
  return ['', `#### ledger:check ${what}, each check once`, '', '| check | plain tables: ms | partitioned: ms |', '|---|---:|---:|', ...lines];
}

export function figures(times: number[]): string {
  if (times.length === 0) return '—';
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2);
  return `${at(0.5)} / ${at(0.99)}`;
}
