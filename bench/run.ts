/**
 * npm run bench [-- auth bills payments webhooks]: load on loopback only, bounded in time. The
 * server runs in a child process so that the load generator (autocannon, here) and the server
 * each have a core; this process joins the same database to seed data and check results.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expireLapsedBills } from '@/lib/bills/expire';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';
import { db } from '@/lib/platform/db';
import { CONNECTIONS, DURATION_SECONDS, load } from './load';
import { authScenario } from './scenarios/auth';
import { chartTotalsScenario } from './scenarios/chart-totals';
import { reconciliationScenario } from './scenarios/reconciliation';
import { suspenseScenario } from './scenarios/suspense';
import { billScenarios } from './scenarios/bills';
import { ingestionScenario, paymentReadsScenario, paymentScenarios } from './scenarios/payments';
import type { Target } from './scenarios/target';
import { webhookReport, webhookScenario } from './scenarios/webhooks';
import { seedBills } from './seed-bills';
import { memoryScenario } from './scenarios/memory';
import { portalScenario } from './scenarios/portal';
import { settlementScenario } from './scenarios/settlement';
import { operatorSearchScenario } from './scenarios/operator-search';
import { merchantSearchScenario } from './scenarios/merchant-search';
import { partitioningScenario } from './scenarios/partitioning';
import { table } from './load';

const scenarios: Record<string, (target: Target) => Promise<string>> = {
  auth: authScenario,
  bills: async (target) => {
    const count = Number(process.env.BENCH_BILLS ?? 1_000_000);
    await seedBills(target.merchantId, count);
    // The seed lets a share of bills lapse without storing EXPIRED; in service the expiry job stores
    // it within a minute. Running that job's code here measures the lists in that steady state.
    const expiring = Date.now();
    const expired = await expireLapsedBills();
    const expiredIn = (Date.now() - expiring) / 1000;
    // In service the job's updates come a minute's worth at a time and autovacuum keeps up; here they
    // came all at once, so vacuum now rather than measure the lists while autovacuum catches up.
    await db().execute(sql`vacuum (analyze) expected_payments, virtual_accounts, customers`);
    const title = `Customers and bills with ${count.toLocaleString('en')} bills (expiry job: ${expired.toLocaleString('en')} lapsed bills expired in ${expiredIn.toFixed(0)} s, ${Math.round(expired / expiredIn)}/s)`;
    // Per-request latency (4 connections) and throughput with the two cores saturated (BENCH_CONNECTIONS).
    return [
      table(`${title}, 4 connections`, await billScenarios(target, load, 4)),
      table(`${title}, ${CONNECTIONS} connections`, await billScenarios(target, load)),
      '\ntarget: p99 < 20 ms for any page and a bill by id',
    ].join('\n');
  },
  payments: paymentScenarios,
  // The two halves of `payments`, to run one alone.
  ingestion: ingestionScenario,
  'payment-reads': paymentReadsScenario,
  // The payments chart's data before and after issue 15 (31 summaries against one daily-totals call).
  'chart-totals': chartTotalsScenario,
  // Suspense lists over many rows, and resolutions through the API (issue 14).
  suspense: suspenseScenario,
  // A day's bank statement imported twice, and dropped callbacks recovered in one run (issue 14).
  reconciliation: reconciliationScenario,
  // Runs its own app process and receiver: a payment's webhook is timed end to end.
  webhooks: async () => webhookReport(await webhookScenario()),
  // Starts `npm start` on its own data folder: memory of the whole tree idle and after a portal benchmark (issue 17).
  memory: () => memoryScenario(),
  // Signed-in portal pages over a million payments, and each route's first-load JavaScript (issue 15).
  portal: portalScenario,
  // A day's settlement of 100,000 payments for one merchant, and the day's schedule over 10,000 merchants (issue 25).
  settlement: settlementScenario,
  // The operator console's search across merchants: 10M payments of 10,000 merchants (issue 26).
  'operator-search': operatorSearchScenario,
  // A merchant's own search box over HTTP, on the operator-search seed kept with BENCH_DATA_DIR.
  'merchant-search': merchantSearchScenario,
  // Partitioned payments (migration 0034) against the same rows in one plain table, query by query (issue 29).
  partitioning: partitioningScenario,
};

async function startTarget(dataDir: string) {
  // BENCH_PROFILE=<folder> writes the server's CPU profile there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(import.meta.dirname, 'target-server.ts')], {
    // Tokens outlive the longest seeding (10M payments take ~20 minutes here).
    env: { ACCESS_TOKEN_TTL_SECONDS: '86400', ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SANDBOX: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<Target>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench target exited early (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"apiPort"')) resolve(JSON.parse(line));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return { ...ready, stop };
}

async function rowsPerTable(): Promise<string> {
  await db().execute(sql`analyze`);
  const { rows } = await db().execute<{ name: string; rows: string; size: string }>(sql`
    select relname as name, n_live_tup::text as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
      from pg_stat_user_tables where schemaname in ('public', 'graphile_worker') and n_live_tup > 0 order by n_live_tup desc`);
  return ['\nRows per table after the run (n_live_tup after analyze; size with indexes):', ...rows.map((row) => `  ${row.name.padEnd(34)} ${row.rows.padStart(10)}  ${row.size}`)].join('\n');
}

const wanted = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const selected = wanted.length > 0 ? wanted : Object.keys(scenarios);
const unknown = selected.filter((name) => !scenarios[name]);
if (unknown.length > 0) {
  console.error(`Unknown scenario: ${unknown.join(', ')}. Choose from: ${Object.keys(scenarios).join(', ')}.`);
  process.exit(2);
}

// `memory` starts the app as an operator does, on its own: alone, it needs no bench target beside it.
if (selected.length === 1 && selected[0] === 'memory') {
  console.log(await memoryScenario());
  process.exit(0);
}

// BENCH_DATA_DIR keeps the database between runs (a 10M-payment seed measured again later); by default a fresh folder, removed after.
const keptDataDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'collect-bench-')));
await mkdir(dataDir, { recursive: true });
await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
const target = await startTarget(dataDir);
// The harness seeds millions of rows a statement: the long statement timeout (the app under load keeps the request's).
setConfig(parseConfig({ DATABASE_QUERY_TIMEOUT_MS: '600000', ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
const database = await openDatabase(config(), { migrate: false });
try {
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario after a 2 s warm-up, loopback, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
  for (const name of selected) console.log(await scenarios[name]!(target));
  // BENCH_ROWS=1: what the run left in each table (docs/scaling.md: what one PostgreSQL carries).
  if (process.env.BENCH_ROWS) console.log(await rowsPerTable());
} finally {
  await database.close();
  await target.stop();
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
}
