/**
 * Webhook delivery, measured end to end on loopback:
 *  1. latency: M-Pesa confirmation callbacks are POSTed to the app's rail endpoint over HTTP at
 *     BENCH_WEBHOOK_RATE per second for BENCH_SECONDS (open loop, as Safaricom sends them); each
 *     payment's payment.received webhook is timed from the moment its callback was sent to its
 *     receipt at a local receiver (p50, p99);
 *  2. throughput: a backlog of BENCH_WEBHOOK_BACKLOG events is recorded with the worker stopped,
 *     then the worker is started and deliveries per second are counted at the receiver.
 * The app (API code, job worker, embedded PostgreSQL) runs in a child process — this same file
 * with WEBHOOK_BENCH_CHILD=1 — and the receiver here, so that each has a core, as in production.
 * Run alone with `node --import tsx bench/scenarios/webhooks.ts`. Settings: BENCH_SECONDS,
 * BENCH_WEBHOOK_RATE, BENCH_WEBHOOK_BACKLOG, BENCH_WEBHOOK_MERCHANTS, BENCH_WORKER_CONCURRENCY,
 * BENCH_WEBHOOK_TUNED and BENCH_WEBHOOK_CHILD_ARGS (below).
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 10_000);
/** The worker's concurrency in the app process (server.ts starts it with startWorker's default, 40). */
const WORKER_CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 40);
/** Merchants (each with its account and one endpoint): payments spread over their accounts, as real traffic does. */
const MERCHANTS = Number(process.env.BENCH_WEBHOOK_MERCHANTS ?? 20);
/**
 * BENCH_WEBHOOK_TUNED=1 measures the two changes proposed for lib/jobs/worker.ts: graphile-worker's
 * local queue with batched completions, and eager autovacuum of its job table (a queue table
 * churns: without it, dead rows slow every job fetch).
 */
const TUNED = process.env.BENCH_WEBHOOK_TUNED === '1';

export interface WebhookFigures {
  rate: number;
  seconds: number;
  workerConcurrency: number;
  payments: number;
  paymentWebhooks: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** How long the rail endpoint took to answer the callback (the payment written, its event and its delivery job). */
  railP50Ms: number;
  railP99Ms: number;
  backlog: number;
  backlogDelivered: number;
  backlogSeconds: number;
  deliveriesPerSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Records what arrives: per path prefix, receipt times, and each payment webhook's latency. */
function startReceiver(sentAt: Map<string, number>) {
  const latencies: number[] = [];
  const counts = { latency: 0, throughput: 0 };
  let lastThroughputAt = 0;
  const waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const now = Date.now();
      response.writeHead(204).end();
      if (request.url?.startsWith('/latency')) {
        const event = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { providerReference?: string } };
        const sent = sentAt.get(event.data.providerReference ?? '');
        if (event.type !== 'payment.received' || sent === undefined) return;
        latencies.push(now - sent);
        counts.latency += 1;
      } else {
        counts.throughput += 1;
        lastThroughputAt = now;
      }
      for (const wake of waiters.splice(0)) wake();
    });
  });
  server.keepAliveTimeout = 30_000;
  return {
    latencies,
    counts,
    lastThroughputAt: () => lastThroughputAt,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    /** Resolves when `done()` holds, or after timeoutMs regardless. */
    async until(done: () => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (!done() && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Open loop: callbacks leave on schedule whether or not earlier ones were answered, as a rail sends them. */
async function sendCallbacks(rail: RailTarget, sentAt: Map<string, number>, rate: number, seconds: number) {
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const durations: number[] = [];
  let failed = 0;
  for (let index = 0; index < total; index++) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const receipt = `BW${process.pid.toString(36)}${(callbackSequence++).toString(36)}`.toUpperCase();
    const body = JSON.stringify({
      TransactionType: 'Pay Bill',
      TransID: receipt,
      TransTime: '20261121103000',
      TransAmount: '100.00',
      BusinessShortCode: rail.paybill,
      BillRefNumber: rail.accounts[index % rail.accounts.length],
      MSISDN: '254712345678',
      FirstName: 'Bench',
    });
    sentAt.set(receipt, Date.now());
    const began = performance.now();
    pending.push(
      fetch(rail.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.ok) durations.push(Math.round(performance.now() - began));
          else if (failed++ === 0) console.error('rail answered', response.status);
        },
        (error: unknown) => {
          if (failed++ === 0) console.error('rail call failed:', error);
        },
      ),
    );
  }
  await Promise.all(pending);
  durations.sort((a, b) => a - b);
  return { total, failed, railP50Ms: percentile(durations, 50), railP99Ms: percentile(durations, 99) };
}

interface RailTarget {
  url: string;
  paybill: string;
  accounts: string[];
}
let callbackSequence = 0;

export async function webhookScenario(): Promise<WebhookFigures> {
  const sentAt = new Map<string, number>();
  const receiver = startReceiver(sentAt);
  const origin = await receiver.listen();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-bench-webhooks-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  // BENCH_WEBHOOK_CHILD_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the app side.
  const childArgs = process.env.BENCH_WEBHOOK_CHILD_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...childArgs, '--import', 'tsx', import.meta.filename], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, WEBHOOK_BENCH_CHILD: '1', DATA_DIR: dataDir, RECEIVER_ORIGIN: origin, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const messages: Record<string, unknown>[] = [];
  const wakeOnMessage: (() => void)[] = [];
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return;
    const message = JSON.parse(line) as Record<string, unknown>;
    messages.push(message);
    for (const wake of wakeOnMessage.splice(0)) wake();
  });
  const phase = async (name: string) => {
    for (;;) {
      const found = messages.find((message) => message.phase === name);
      if (found) return found;
      await Promise.race([new Promise<void>((resolve) => wakeOnMessage.push(resolve)), exited.then(() => Promise.reject(new Error(`bench app exited before "${name}"`)))]);
    }
  };
  const tell = (command: string) => child.stdin!.write(`${command}\n`);

  try {
    const rail = (await phase('serving')).rail as RailTarget;
    // Warm-up (JIT, connections, prepared plans): its webhooks are not measured.
    await sendCallbacks(rail, new Map(), 50, 2);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const latency = await sendCallbacks(rail, sentAt, RATE, SECONDS);
    const payments = latency.total - latency.failed;
    await receiver.until(() => receiver.counts.latency >= payments, 30_000);
    tell('backlog');
    const started = (await phase('worker-started')).at as number;
    await receiver.until(() => receiver.counts.throughput >= BACKLOG, 120_000);
    const backlogSeconds = (receiver.lastThroughputAt() - started) / 1000;
    tell('stop');
    await exited;
    const sorted = [...receiver.latencies].sort((a, b) => a - b);
    return {
      rate: RATE,
      seconds: SECONDS,
      workerConcurrency: WORKER_CONCURRENCY,
      payments,
      paymentWebhooks: receiver.counts.latency,
      latencyP50Ms: percentile(sorted, 50),
      latencyP99Ms: percentile(sorted, 99),
      latencyMaxMs: sorted.at(-1) ?? NaN,
      railP50Ms: latency.railP50Ms,
      railP99Ms: latency.railP99Ms,
      backlog: BACKLOG,
      backlogDelivered: receiver.counts.throughput,
      backlogSeconds,
      deliveriesPerSecond: Math.round(receiver.counts.throughput / backlogSeconds),
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The figures as lines for the bench report, with the targets beside them. */
export function webhookReport(figures: WebhookFigures): string {
  return [
    `Webhooks (worker concurrency ${figures.workerConcurrency}${TUNED ? ', tuned job worker' : ''}, ${MERCHANTS} merchants with one endpoint each, receiver on loopback):`,
    `| measure | value | target |`,
    `|---|---:|---:|`,
    `| callback sent → webhook received, p50, at ${figures.rate} payments/s for ${figures.seconds} s | ${figures.latencyP50Ms} ms | |`,
    `| callback sent → webhook received, p99 | ${figures.latencyP99Ms} ms | < 1000 ms |`,
    `| callback sent → webhook received, max | ${figures.latencyMaxMs} ms | |`,
    `| payment webhooks received / payments | ${figures.paymentWebhooks} / ${figures.payments} | all |`,
    `| of which the rail's answer to the callback, p50 / p99 | ${figures.railP50Ms} / ${figures.railP99Ms} ms | |`,
    `| backlog of ${figures.backlog} events: delivered | ${figures.backlogDelivered} in ${figures.backlogSeconds.toFixed(1)} s | all |`,
    `| deliveries per second | ${figures.deliveriesPerSecond} | ≥ 1000 |`,
  ].join('\n');
}

/** The app side, in the child process. */
async function runApp(): Promise<void> {
  const { parseConfig, setConfig, config } = await import('@/lib/platform/config');
  const { Logger, run } = await import('graphile-worker');
  setConfig(parseConfig({ ...process.env, NODE_ENV: 'production', SANDBOX: 'true', DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20' }));
  const [{ openDatabase }, { db, pool }, { createMerchant }, { createApiApp }, { mpesaCallbackSecret }, { serve }, { recordEvent }, { startWorker }, { tasks }, { webhookEndpoints }, { generateSecret }] =
    await Promise.all([
      import('@/lib/platform/database'),
      import('@/lib/platform/db'),
      import('@/lib/merchants/operations'),
      import('@/lib/service/app'),
      import('@/lib/rails/secrets'),
      import('@hono/node-server'),
      import('@/lib/events/record'),
      import('@/lib/platform/jobs/worker'),
      import('@/lib/service/tasks'),
      import('@/lib/webhooks/schema'),
      import('@/lib/webhooks/signing'),
    ]);
  const database = await openDatabase(config());
  const work = async () => {
    if (!TUNED) return startWorker({ tasks, concurrency: WORKER_CONCURRENCY });
    await pool().query(`alter table graphile_worker._private_jobs set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
                          autovacuum_vacuum_cost_delay = 0, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000)`);
    return run({
      pgPool: pool(),
      taskList: tasks,
      concurrency: WORKER_CONCURRENCY,
      noHandleSignals: true,
      logger: new Logger(() => () => undefined),
      preset: { worker: { localQueue: { size: WORKER_CONCURRENCY * 2, ttl: 30_000 }, completeJobBatchDelay: 0 } },
    });
  };
  const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const commands = createInterface({ input: process.stdin });
  const nextCommand = () => new Promise<string>((resolve) => commands.once('line', resolve));

  const merchantsWithEndpoint = async (kind: string) =>
    Promise.all(
      Array.from({ length: MERCHANTS }, async (_, index) => {
        const { merchant, virtualAccount } = await createMerchant({ name: `Bench ${kind} ${index}`, email: `bench-${kind}-${index}-${Date.now()}@bench.example`, password: 'bench-password-123' });
        await db().insert(webhookEndpoints).values({ merchantId: merchant.id, url: `${process.env.RECEIVER_ORIGIN}/${kind}/${index}`, description: 'bench', secret: generateSecret() });
        return { merchant, virtualAccount };
      }),
    );

  const latencyMerchants = await merchantsWithEndpoint('latency');
  let worker = await work();
  const api = createApiApp();
  const apiPort = await new Promise<number>((resolve) => {
    const server = serve({ fetch: api.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve((server.address() as AddressInfo).port));
  });
  const rail: RailTarget = {
    url: `http://127.0.0.1:${apiPort}/api/v1/rails/daraja/c2b/confirmation?token=${await mpesaCallbackSecret()}`,
    paybill: config().PAYBILL_NUMBER,
    accounts: latencyMerchants.map(({ virtualAccount }) => virtualAccount.accountNumber),
  };
  say({ phase: 'serving', rail });

  if ((await nextCommand()) !== 'backlog') return;
  await worker.stop();
  const throughputMerchants = await merchantsWithEndpoint('throughput');
  for (let from = 0; from < BACKLOG; from += 500) {
    await db().transaction(async (tx) => {
      for (let index = from; index < Math.min(BACKLOG, from + 500); index++) {
        const { merchant } = throughputMerchants[index % MERCHANTS]!;
        await recordEvent(tx, { merchantId: merchant.id, subMerchantId: null, type: 'payment.received', data: { index } });
      }
    });
  }
  say({ phase: 'backlog-ready' });
  worker = await work();
  say({ phase: 'worker-started', at: Date.now() });
  await nextCommand();
  await worker.stop();
  await database.close();
  process.exit(0);
}

if (process.env.WEBHOOK_BENCH_CHILD === '1') {
  await runApp();
} else if (process.argv[1] === import.meta.filename) {
  // Run alone: node --import tsx bench/scenarios/webhooks.ts
  console.log(webhookReport(await webhookScenario()));
}
