import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { config } from '@/lib/platform/config';
import { CONNECTIONS } from '../load';
import { firstLoadJs, frameworkJs, type FirstLoadJs } from '../first-load-js';
import { loadPage, type PageFigures } from '../page-load';
import { freePort, signIn, waitForPage } from '../portal-session';
import { seedPortal, type PortalSeed } from '../seed-portal';
import { BENCH_PASSWORD, type Target } from './target';

const P95_TARGET_MS = 100;
const FIRST_LOAD_TARGET_KB = 130;
const DAY_MS = 86_400_000;

/** The signed-in pages a merchant moves between, with the data the seed left behind them. */
function pagesOf(seed: PortalSeed): [name: string, page: string][] {
  const weekAgo = new Date(Date.now() + 3 * 3_600_000 - 7 * DAY_MS).toISOString().slice(0, 10); // a Nairobi day
  return [
    ['overview', '/'],
    ['payments', '/payments'],
    ['payments, phone search', `/payments?q=${seed.payerPhone}`],
    ['payments, last 7 days', `/payments?from=${weekAgo}`],
    ['payment detail', `/payments/${seed.paymentId}`],
    ['bills', '/bills'],
    ['bill detail', `/bills/${seed.billId}`],
    ['customer detail', `/customers/${seed.customerId}`],
    ['phone prompts', '/stk'],
  ];
}

/**
 * Where the app runs from: the project, or BENCH_APP_DIR, a copy of it. `npm start` rebuilds the
 * portal when the sources changed, and in the project itself that would replace the .next a
 * running test server reads from.
 */
const appDir = () => process.env.BENCH_APP_DIR ?? path.resolve(import.meta.dirname, '../..');

/**
 * `npm start`, or with BENCH_PROFILE=<folder> what it runs, node on the compiled server, with
 * V8's CPU profiler writing there when the app stops (node refuses --cpu-prof in NODE_OPTIONS).
 */
function startCommand(): [string, string[]] {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return ['npm', ['start', '--silent']];
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: appDir(), stdio: 'inherit' });
  return [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${folder}`, '--expose-gc', `--max-old-space-size=${process.env.NODE_HEAP_MIB ?? 512}`, 'dist/server.mjs']];
}

/**
 * The app as an operator starts it (`npm start`: the production portal build and the compiled
 * server) on the bench's own PostgreSQL: with the same DATA_DIR it joins the embedded server the
 * bench target started. Its own process group, so that it is stopped as a whole.
 */
async function startApp(port: number) {
  const [command, args] = startCommand();
  const child = spawn(command, args, {
    cwd: appDir(),
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    // Tokens outlive the run: a refresh in the middle of a measurement is not what is measured.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: config().dataDir, SANDBOX: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'production', ACCESS_TOKEN_TTL_SECONDS: '86400' },
  });
  await waitForPage(`http://127.0.0.1:${port}/login`, 600_000);
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!running()) return; // it died under load: its stderr, above, says why
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  };
  return { running, stop };
}

/** Each page's figures as they come, on stderr: a long run shows where it is, and a failure later loses nothing. */
const progress = (figures: PageFigures) => console.error(`  ${figures.name}, ${figures.connections} connections: ${JSON.stringify(figures)}`);
/** Kilobytes of 1,000 bytes, as `next build` used to print first-load sizes. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const mark = (ok: boolean) => (ok ? '' : ' ✗');

type Row = { name: string; page: string; alone: PageFigures; few: PageFigures; many: PageFigures | string; js: FirstLoadJs };

/** The saturated run's cells: its figures, or why there are none. */
function manyCells(many: PageFigures | string): string {
  if (typeof many === 'string') return `${many.split('\n')[0]!.slice(0, 80)} | | | `;
  if (Number.isNaN(many.p50)) return `no answer within 10 s (${many.timeouts} timed out) | | | 0`;
  return `${many.p50} | ${many.p95} | ${many.p99}${many.timeouts ? ` (${many.timeouts} timed out)` : ''} | ${many.requestsPerSecond}`;
}

function report(seed: PortalSeed, framework: FirstLoadJs, rows: Row[], survived: boolean): string {
  const slow = rows.filter((row) => row.few.p95 >= P95_TARGET_MS).map((row) => row.name);
  const heavy = rows.filter((row) => row.js.gzipBytes > FIRST_LOAD_TARGET_KB * 1000).map((row) => row.name);
  return [
    `\n### Portal pages, signed in, with ${seed.payments.toLocaleString('en')} payments, ${seed.bills.toLocaleString('en')} bills, ${seed.customers.toLocaleString('en')} customers, ${seed.prompts.toLocaleString('en')} phone prompts (seeded in ${seed.seconds} s)\n`,
    `Response times in ms on loopback (autocannon): 1 connection is a page's own time; 4 is the target's reading; ${CONNECTIONS} connections saturate the cores, so there p95/p99 are mostly queueing. First-load JS: every \`<script src>\` of the page's HTML, gzipped (kB of 1,000 bytes); of it, ${kb(framework.gzipBytes)} kB in ${framework.scripts} scripts is the runtime every route shares (React, React DOM, Next's router: the build's \`rootMainFiles\`).\n`,
    `| page | p50 (1) | p95 (1) | p50 (4) | p95 (4) | p99 (4) | req/s (4) | p50 (${CONNECTIONS}) | p95 (${CONNECTIONS}) | p99 (${CONNECTIONS}) | req/s (${CONNECTIONS}) | first-load JS, kB gz (scripts) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ name, page, alone, few, many, js }) =>
        `| ${name} \`${page.replace(/[0-9a-f-]{36}/, '<id>')}\` | ${alone.p50} | ${alone.p95} | ${few.p50} | ${few.p95}${mark(few.p95 < P95_TARGET_MS)} | ${few.p99} | ${few.requestsPerSecond} | ${manyCells(many)} | ${kb(js.gzipBytes)}${mark(js.gzipBytes <= FIRST_LOAD_TARGET_KB * 1000)} (${js.scripts}) |`,
    ),
    survived ? '' : `\n**The app process exited during the ${CONNECTIONS}-connection run** (NODE_HEAP_MIB=${process.env.NODE_HEAP_MIB ?? '512, the default'}): see its stderr above.`,
    `\ntargets: p95 < ${P95_TARGET_MS} ms per page at 4 connections — ${slow.length === 0 ? 'all met' : `missed by ${slow.join(', ')}`}; first-load JS ≤ ${FIRST_LOAD_TARGET_KB} kB gzipped per route — ${heavy.length === 0 ? 'all met' : `missed by ${heavy.join(', ')}`}`,
  ].join('\n');
}

/**
 * Issue 15's portal targets: signed-in, server-rendered page loads over a million payments, one
 * page at a time at 1 connection (its own time), 4 (the latency target) and BENCH_CONNECTIONS
 * (throughput), and the JavaScript a first visit of each route downloads.
 */
export async function portalScenario(target: Target): Promise<string> {
  const seed = await seedPortal(target);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await startApp(port);
  try {
    const cookie = await signIn(origin, target.email, BENCH_PASSWORD);
    // BENCH_PAGES="payments;overview": only the pages named (a quicker loop while working on one).
    const only = process.env.BENCH_PAGES?.split(';').map((name) => name.trim());
    const pages = pagesOf(seed).filter(([name]) => !only || only.includes(name));
    const measureJs = firstLoadJs(origin, cookie);
    const rows = [];
    for (const [name, page] of pages) {
      // One at a time: the page's own time, what 4 connections queue behind on the app's one thread.
      const alone = await loadPage(name, `${origin}${page}`, cookie, 1);
      const few = await loadPage(name, `${origin}${page}`, cookie, 4);
      rows.push({ name, page, alone, few, js: await measureJs(page) });
      progress(alone);
      progress(few);
    }
    // Saturated, the app may fall over (out of heap at 50 connections with the default NODE_HEAP_MIB):
    // that is a finding to print beside the figures already taken, not a reason to lose them.
    const measured = [];
    for (const row of rows) {
      const many = app.running()
        ? await loadPage(row.name, `${origin}${row.page}`, cookie, CONNECTIONS).catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
        : 'not measured: the app process had exited';
      measured.push({ ...row, many });
      if (typeof many === 'string') console.error(`  ${row.name}, ${CONNECTIONS} connections: ${many}`);
      else progress(many);
    }
    return report(seed, frameworkJs(appDir()), measured, app.running());
  } finally {
    await app.stop();
  }
}
