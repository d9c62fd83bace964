import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { checkLedger } from '@/lib/ledger/check';
import { db } from '@/lib/platform/db';
import { CONNECTIONS, load, loadPosts, table, type Figures } from '../load';
import { seedPayments, type SeedAccount } from '../seed-payments';
import { cpuPerAnswered, type CpuMeasured } from '../cpu';
import { ratio } from './auth';
import type { Target } from './target';

const INGESTION_ACCOUNTS = 200;
/** Accounts the seeded payments are spread over: one row per payment-day in the per-account totals. */
const READ_ACCOUNTS = Number(process.env.BENCH_PAYMENT_ACCOUNTS ?? 10_000);
let sequence = 0;
const uniqueReference = (prefix: string) => `${prefix}${process.pid.toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`.toUpperCase().slice(0, 20);

/** Customer accounts the load spreads over, as payments to a merchant's many customers would be. */
async function customerAccounts(merchantId: string, count: number): Promise<SeedAccount[]> {
  const accounts: SeedAccount[] = [];
  await db().transaction(async (tx) => {
    for (let index = 0; index < count; index++) {
      const account = await insertVirtualAccount(tx, {
        merchantId,
        ownerType: 'CUSTOMER',
        ownerId: crypto.randomUUID(),
        purpose: 'CUSTOMER',
        accountName: `Bench customer ${index}`,
        accountType: 'STATIC',
        currency: 'KES',
      });
      accounts.push({ id: account.id, accountNumber: account.accountNumber });
    }
  });
  return accounts;
}

const cpuPer = ({ serverMicros, postgresMicros }: CpuMeasured) => `${serverMicros} + ${postgresMicros}`;

/**
 * Commits and WAL written so far in the whole database: counted, so a busy machine does not move
 * them (PostgreSQL's statistics reach pg_stat_database within a second of each commit).
 */
async function commitsAndWal(): Promise<{ commits: number; wal: number }> {
  const { rows } = await db().execute<{ commits: string; wal: string }>(sql`select (select xact_commit from pg_stat_database where datname = current_database())::text as commits,
      (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as wal`);
  return { commits: Number(rows[0]!.commits), wal: Number(rows[0]!.wal) };
}
const writesPer = (before: { commits: number; wal: number }, after: { commits: number; wal: number }, figures: Figures) =>
  `${((after.commits - before.commits) / figures.answered).toFixed(2)} commits, ${Math.round((after.wal - before.wal) / figures.answered)} B`;

/** Raw and rail runs alternate this many times: the machine's speed drifts between runs (±20% here). */
const INGESTION_ROUNDS = Number(process.env.BENCH_INGESTION_ROUNDS ?? 3);

/**
 * Issue 4's ingestion target: payments per second through the M-Pesa confirmation endpoint (with
 * fees, ledger, totals and events) against raw single-row INSERTs into the same PostgreSQL. The two
 * alternate, round after round, so that a slower or faster spell of the machine falls on both; the
 * ratio is the rail's total over the raw total, and each round's is printed too.
 */
export async function ingestionScenario(target: Target): Promise<string> {
  const numbers = (await customerAccounts(target.merchantId, INGESTION_ACCOUNTS)).map((account) => account.accountNumber);
  let next = 0;
  const confirmation = () =>
    JSON.stringify({
      TransactionType: 'Pay Bill',
      TransID: uniqueReference('T'),
      TransTime: '20261121103000',
      TransAmount: String(10 + (next % 4990)),
      BusinessShortCode: '4123456',
      BillRefNumber: numbers[next++ % numbers.length],
      MSISDN: '254712345678',
      FirstName: 'Bench',
    });
  const rounds: { raw: Figures; rail: Figures; rawCpu: string; railCpu: string; railWrites: string }[] = [];
  for (let round = 1; round <= INGESTION_ROUNDS; round++) {
    // CPU per answered request, server + its PostgreSQL (µs): steadier than requests/s on a shared machine.
    const raw = await cpuPerAnswered(target.pid, () =>
      loadPosts(`round ${round}: raw single-row INSERT (bare Hono)`, `http://127.0.0.1:${target.barePort}/raw-insert`, () =>
        JSON.stringify({ reference: uniqueReference('R'), amount: '100.00' }),
      ),
    );
    const writes = await commitsAndWal();
    const rail = await cpuPerAnswered(target.pid, () =>
      loadPosts(`round ${round}: POST /rails/daraja/c2b/confirmation (new payment each)`, `http://127.0.0.1:${target.apiPort}/api/v1/rails/daraja/c2b/confirmation?token=${target.mpesaToken}`, confirmation),
    );
    rounds.push({ raw: raw.figures, rail: rail.figures, rawCpu: cpuPer(raw), railCpu: cpuPer(rail), railWrites: writesPer(writes, await commitsAndWal(), rail.figures) });
  }
  const answered = rounds.reduce((sum, { rail }) => sum + rail.answered, 0);
  const [{ count }] = (await db().execute(sql`select count(*)::int as count from payments where merchant_id = ${target.merchantId}`)).rows as [{ count: number }];
  const ledger = await checkLedger({ merchantId: target.merchantId });
  // A batch's payments share their createdAt (one clock reading per batch): the batches' sizes.
  const [batches] = (await db().execute(sql`select count(*)::int as batches, percentile_cont(array[0.5, 0.9]) within group (order by size) as sizes
      from (select count(*) as size from payments where merchant_id = ${target.merchantId} group by created_at) batch`)).rows as [{ batches: number; sizes: number[] }];
  const total = (side: 'raw' | 'rail') => rounds.reduce((sum, round) => sum + round[side].requestsPerSecond, 0);
  return [
    table('Ingestion', rounds.flatMap(({ raw, rail }) => [raw, rail])),
    `\nCPU per request, µs (server + PostgreSQL) by round: raw ${rounds.map((round) => round.rawCpu).join(', ')}; rail ${rounds.map((round) => round.railCpu).join(', ')}`,
    `commits and WAL bytes per rail request (the whole database, its jobs included) by round: ${rounds.map((round) => round.railWrites).join(', ')}`,
    `ratio rail ÷ raw INSERT by round: ${rounds.map(({ raw, rail }) => ratio(rail, raw)).join(', ')}; over all rounds: ${(total('rail') / total('raw')).toFixed(2)} (target ≥ 1.0, issue 24)`,
    `${count} payments stored for ${answered} callbacks answered 200 (warm-ups included; a callback in flight when a run stops is stored but not counted); ledger invariants ${ledger.ok ? 'all hold' : `BROKEN: ${JSON.stringify(ledger.problems)}`}`,
    batches.batches > 0 ? `${batches.batches} batches, ${(count / batches.batches).toFixed(1)} payments each on average (median ${batches.sizes[0]}, 90th percentile ${batches.sizes[1]})` : 'no batches written',
  ].join('\n');
}

/** Issue 4's read targets with millions of payments loaded: p99 under 20 ms each. */
export async function paymentReadsScenario(target: Target): Promise<string> {
  const count = Number(process.env.BENCH_PAYMENTS ?? 10_000_000);
  const started = Date.now();
  const accounts = await customerAccounts(target.merchantId, READ_ACCOUNTS);
  await seedPayments(target.merchantId, accounts, count);
  const seededIn = ((Date.now() - started) / 1000).toFixed(0);

  const api = `http://127.0.0.1:${target.apiPort}/api/v1/merchants/me/payments`;
  const headers = { authorization: `Bearer ${target.accessToken}` };
  const middle = Math.floor(count / 2);
  const receipt = `B${middle.toString(16).toUpperCase().padStart(9, '0')}`;
  const phone = `2547${String((BigInt(middle) * 7919n) % 100_000_000n).padStart(8, '0')}`;
  const deepCursor = await cursorAfter(`${api}?limit=200`, headers, 50);
  const dayStart = new Date(Math.floor((Date.now() + 3 * 3_600_000) / 86_400_000) * 86_400_000 - 3 * 3_600_000 - 30 * 86_400_000).toISOString();

  // Per-request latency (4 connections: each request has a core to itself) and throughput with the
  // two cores saturated (BENCH_CONNECTIONS, 50 by default: there p99 is mostly queueing).
  const scenarios = [
    ['search by receipt (q=<M-Pesa receipt>)', `${api}?q=${receipt}`],
    ['search by phone (q=<full phone>)', `${api}?q=${phone}`],
    ['search by phone (q=0 + 9 digits)', `${api}?q=0${phone.slice(3)}`],
    ['list, first page', api],
    ['list, page after 10,000 rows', `${api}?cursor=${deepCursor}`],
    ['summary, all payments', `${api}/summary`],
    ['summary, last 30 days', `${api}/summary?from=${encodeURIComponent(dayStart)}`],
    ['summary, one account, last 30 days', `${api}/summary?virtualAccountId=${accounts[0]!.id}&from=${encodeURIComponent(dayStart)}`],
    // Neither end at a Nairobi midnight: 28 whole days from the totals, two partial days from the payments.
    ['summary, 30 days from 09:30 to 17:00', `${api}/summary?from=${encodeURIComponent(atHour(dayStart, 9.5))}&to=${encodeURIComponent(atHour(dayStart, 29 * 24 + 17))}`],
  ] as const;
  const measureAll = async (connections?: number) => {
    const figures: Figures[] = [];
    for (const [name, url] of scenarios) figures.push(await load(name, url, headers, connections));
    return figures;
  };
  const title = `Reads with ${count.toLocaleString('en')} payments into ${READ_ACCOUNTS.toLocaleString('en')} accounts (seeded in ${seededIn} s)`;
  return [
    table(`${title}, 4 connections`, await measureAll(4)),
    table(`${title}, ${CONNECTIONS} connections`, await measureAll()),
    '\ntarget: p99 < 20 ms each',
  ].join('\n');
}

const atHour = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

async function cursorAfter(url: string, headers: Record<string, string>, hops: number): Promise<string> {
  let next = url;
  let cursor = '';
  for (let hop = 0; hop < hops; hop++) {
    const response = await fetch(next, { headers });
    const link = response.headers.get('link')?.match(/<([^>]+)>/)?.[1];
    if (!link) break;
    cursor = new URL(link, next).searchParams.get('cursor')!;
    next = new URL(link, next).toString();
  }
  return encodeURIComponent(cursor);
}

export async function paymentScenarios(target: Target): Promise<string> {
  return [await ingestionScenario(target), await paymentReadsScenario(target)].join('\n');
}
