import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/platform/config';
import { closePool, db, pool, useDatabaseUrl, withStatementTimeout } from '@/lib/platform/db';
import { executePrepared } from '@/lib/platform/db/prepared';
import { bankSignature } from '@/lib/rails/bank-signature';
import { BENCH_PASSWORD } from '@/bench/scenarios/target';
import { WORKERS_DECLARED_DEAD } from '@/lib/platform/jobs/heartbeat';
import { UNRECORDED_SEND } from '@/lib/webhooks/record-patiently';
import { startWebhookReceiver, type ReceiverRoute, type WebhookReceiver } from '../support/webhook-receiver';
import { bankBody, c2bBody } from '../rails/support';
import { startAppInstance, type AppInstance } from './support/app-instance';
import { clusterFolder, startCluster, type Cluster } from './support/cluster';
import { startPgBouncer, type PgBouncer } from './support/pgbouncer';

/**
 * Three instances of the app through one PgBouncer 1.18 in transaction mode (DATABASE_POOLER=pgbouncer),
 * in front of Debian's PostgreSQL 15, with a pool of four server connections: every connection the
 * instances open is shared, statement by statement, as in production (docs/scaling.md, "PgBouncer").
 * graphile-worker and the migrations go to the database directly (DATABASE_DIRECT_URL).
 */
const POOL_SIZE = 4;
const BANK_SECRET = randomBytes(24).toString('hex');
const ROOT = path.resolve(import.meta.dirname, '../..');

let cluster: Cluster | undefined;
let bouncer: PgBouncer | undefined;
let receiver: WebhookReceiver | undefined;
let folder: string | undefined;
let apps: AppInstance[] = [];
let accountNumber: string;

const pooledEnvironment = () => ({
  DATABASE_URL: bouncer!.url,
  DATABASE_POOLER: 'pgbouncer',
  DATABASE_DIRECT_URL: cluster!.url,
  DATABASE_POOL_SIZE: '10',
  SANDBOX: 'true', // webhooks to this machine's loopback receiver
  BANK_WEBHOOK_SECRET: BANK_SECRET,
});

beforeAll(async () => {
  cluster = await startCluster({ name: 'pgbouncer' });
  bouncer = await startPgBouncer(cluster, { poolSize: POOL_SIZE });
  receiver = await startWebhookReceiver();
  folder = clusterFolder('pgbouncer-apps');
  // The first one migrates; the other two find the database migrated (and would wait on its lock if not).
  apps = [await startAppInstance({ folder, environment: pooledEnvironment() })];
  apps.push(...(await Promise.all([1, 2].map(() => startAppInstance({ folder: folder!, environment: pooledEnvironment() })))));
  const [account] = await direct<{ account_number: string }>('select account_number from virtual_accounts where merchant_id = $1 limit 1', [apps[0]!.merchantId]);
  accountNumber = account!.account_number;
}, 600_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await receiver?.stop();
  await bouncer?.stop();
  await cluster?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}, 120_000);

/** A query on the database itself, not through the pooler: what an operator's psql sees. */
async function direct<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster!.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

type Notification = { rail: 'MPESA'; reference: string; body: ReturnType<typeof c2bBody> } | { rail: 'BANK'; reference: string; body: ReturnType<typeof bankBody> };

const mpesa = (amount = '50.00'): Notification => {
  const body = c2bBody(accountNumber, amount);
  return { rail: 'MPESA', reference: body.TransID, body };
};
const bank = (amount = '100.00'): Notification => {
  const body = bankBody(accountNumber, amount);
  return { rail: 'BANK', reference: body.bankReference, body };
};

/**
 * Sends a notification as its rail does; true when the rail would count it delivered (Daraja: ResultCode
 * "0"; the bank: 2xx). A request that got no answer at all (a kept-alive socket the server closed at
 * that moment) is sent again, as the rail resends an unanswered notification.
 */
async function send(app: AppInstance, notification: Notification): Promise<{ status: number; acknowledged: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sendOnce(app, notification);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function sendOnce(app: AppInstance, notification: Notification): Promise<{ status: number; acknowledged: boolean }> {
  const raw = JSON.stringify(notification.body);
  if (notification.rail === 'MPESA') {
    const response = await fetch(`${app.baseUrl}/rails/daraja/c2b/confirmation?token=${encodeURIComponent(app.mpesaToken)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    const answer = (await response.json().catch(() => ({}))) as { ResultCode?: unknown };
    return { status: response.status, acknowledged: response.status === 200 && String(answer.ResultCode) === '0' };
  }
  const t = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${app.baseUrl}/rails/bank/credit-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bank-signature': `t=${t},v1=${bankSignature(BANK_SECRET, t, raw)}` },
    body: raw,
  });
  await response.text();
  return { status: response.status, acknowledged: response.status >= 200 && response.status < 300 };
}

/** How many payments (and suspense entries) each reference became. */
async function keptPerReference(references: string[]): Promise<Map<string, number>> {
  const rows = await direct<{ reference: string; count: number }>(
    `select provider_reference as reference, count(*)::int as count from (
       select provider_reference from payments where provider_reference = any($1)
       union all
       select provider_reference from suspense_payments where provider_reference = any($1)) kept
     group by provider_reference`,
    [references],
  );
  return new Map(rows.map((row) => [row.reference, row.count]));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The app's log lines (JSON, warn and above) of every instance. */
function logLines(): { msg?: string; deliveryId?: string }[] {
  return apps.flatMap((app) =>
    app
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { msg?: string; deliveryId?: string }];
        } catch {
          return []; // a line cut short by the process's exit
        }
      }),
  );
}

/**
 * Each event's requests received against what explains them: the attempts recorded for its delivery
 * (failed and succeeded), the sends logged as not recorded, and whether any worker was declared dead
 * (its jobs ran again, so a success may be recorded twice). A repeat no failure, no lost recording
 * and no dead worker accounts for is unexplained.
 */
async function webhookAccounting(endpointId: string, requests: { headers: Record<string, string> }[]) {
  const attempts = await direct<{ event_id: string; delivery_id: string; failed: number; succeeded: number }>(
    `select d.event_id, d.id as delivery_id,
            count(a.id) filter (where a.response_status not between 200 and 299 or a.response_status is null)::int as failed,
            count(a.id) filter (where a.response_status between 200 and 299)::int as succeeded
       from webhook_deliveries d left join webhook_attempts a on a.delivery_id = d.id
      where d.endpoint_id = $1 group by d.event_id, d.id`,
    [endpointId],
  );
  const lines = logLines();
  const unrecorded = new Map<string, number>();
  for (const line of lines) if (line.msg === UNRECORDED_SEND && line.deliveryId) unrecorded.set(line.deliveryId, (unrecorded.get(line.deliveryId) ?? 0) + 1);
  const workerDeclaredDead = lines.some((line) => line.msg === WORKERS_DECLARED_DEAD);
  const received = new Map<string, number>();
  for (const request of requests) received.set(request.headers['webhook-id']!, (received.get(request.headers['webhook-id']!) ?? 0) + 1);
  const totals = { repeats: 0, failedAttemptsRecorded: 0, outcomesNotRecorded: 0, workerDeclaredDead };
  const unexplained: unknown[] = [];
  for (const attempt of attempts) {
    const got = received.get(attempt.event_id) ?? 0;
    const lost = unrecorded.get(attempt.delivery_id) ?? 0;
    totals.repeats += Math.max(0, got - 1);
    totals.failedAttemptsRecorded += attempt.failed;
    totals.outcomesNotRecorded += lost;
    const explained = attempt.failed + lost + (workerDeclaredDead ? attempt.succeeded - 1 : 0);
    // Each request is a recorded attempt or a logged one (a failed attempt may never have reached the receiver).
    const accounted = got <= attempt.failed + attempt.succeeded + lost;
    if (got - 1 > explained || !accounted || (attempt.succeeded !== 1 && !workerDeclaredDead)) unexplained.push({ ...attempt, received: got, notRecorded: lost });
  }
  return { totals, unexplained };
}

describe('three instances through one PgBouncer in transaction mode', () => {
  let route: ReceiverRoute;
  let endpointId: string;

  it('records each rail confirmation once, however often and to whichever instance it is sent, and delivers one webhook for each', async () => {
    route = receiver!.route('/pooled');
    const created = await fetch(`${apps[0]!.baseUrl}/merchants/me/webhook-endpoints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(apps[0]!.accessToken) },
      body: JSON.stringify({ url: route.url, eventTypes: ['payment.received'] }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    endpointId = ((await created.json()) as { id: string }).id;

    const notifications = [...Array.from({ length: 30 }, () => mpesa()), ...Array.from({ length: 30 }, () => bank())];
    // Each one twice to each instance, all at once: six copies racing through four server connections.
    const sends = notifications.flatMap((notification) => apps.flatMap((app) => [{ app, notification }, { app, notification }]));
    const answers = await inParallel(sends, 36, ({ app, notification }) => send(app, notification));
    expect(answers.filter((answer) => !answer.acknowledged)).toEqual([]);

    const kept = await keptPerReference(notifications.map((n) => n.reference));
    expect([...kept.keys()].sort()).toEqual(notifications.map((n) => n.reference).sort());
    expect([...kept.entries()].filter(([, count]) => count !== 1)).toEqual([]);

    // The job worker (on the direct connection: it LISTENs) delivered one webhook per payment: every
    // event arrives, and a repeat is the same event (same webhook-id, same body).
    const ids = () => new Set(route.requests.map((request) => request.headers['webhook-id']));
    const deadline = Date.now() + 120_000;
    while (ids().size < notifications.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ids().size).toBe(notifications.length);
    const bodies = new Map<string, Set<string>>();
    for (const request of route.requests) bodies.set(request.headers['webhook-id']!, (bodies.get(request.headers['webhook-id']!) ?? new Set()).add(request.body));
    expect([...bodies.values()].filter((sent) => sent.size !== 1)).toEqual([]);
    const deliveriesNow = () =>
      direct<{ event_id: string; count: number; succeeded: number }>(
        "select event_id, count(*)::int as count, count(*) filter (where status = 'SUCCEEDED')::int as succeeded from webhook_deliveries where endpoint_id = $1 group by event_id",
        [endpointId],
      );
    let deliveries = await deliveriesNow();
    // A delivery whose attempt failed is PENDING until its retry succeeds: wait for the last one.
    while (deliveries.some((delivery) => delivery.succeeded === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      deliveries = await deliveriesNow();
    }
    expect(deliveries.length).toBe(notifications.length);
    expect(deliveries.filter((delivery) => delivery.count !== 1 || delivery.succeeded !== 1)).toEqual([]);

    // A receiver gets an event again only when an attempt of it did not end in a recorded success
    // (docs/webhooks.md, "When a webhook comes twice"): the attempt failed and its failure is recorded
    // (here "No answer within 15 s.": on this loaded machine the receiver, which shares the test's
    // process with its 36 senders, may read a request only after the sender gave up on it), its
    // outcome could not be recorded (logged), or its worker was declared dead (logged). Every
    // request received is an attempt the database or the logs account for.
    const accounting = await webhookAccounting(endpointId, route.requests);
    console.log(`webhooks: ${notifications.length} events, ${route.requests.length} requests received; ${JSON.stringify(accounting.totals)}`);
    expect(accounting.unexplained).toEqual([]);
    expect(accounting.totals.repeats).toBe(route.requests.length - notifications.length);

    // Each instance's worker LISTENs on a session of its own, straight to PostgreSQL (DATABASE_DIRECT_URL).
    const listening = await direct<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity where application_name = 'collect-jobs' and query like 'LISTEN "jobs:insert"%'`,
    );
    expect(listening[0]!.count).toBe(apps.length);
    // The pooler really shared: the instances' clients went through at most POOL_SIZE server connections.
    expect(await bouncer!.serverConnections()).toBeLessThanOrEqual(POOL_SIZE);
  });

  it('replays an idempotent POST sent with the same key to every instance at once, and creates it once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = `pooled-${randomBytes(8).toString('hex')}`;
      const body = JSON.stringify({ displayName: 'Achieng Otieno', externalRef: `HA-${key}`, phone: '0712345678' });
      const post = (app: AppInstance) =>
        fetch(`${app.baseUrl}/merchants/me/customers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, ...bearer(apps[0]!.accessToken) },
          body,
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as { id?: string; code?: string } }));
      const racing = await Promise.all(apps.flatMap((app) => [post(app), post(app)]));
      // The first to take the key creates; one racing it is told to retry (409), as Stripe answers.
      expect(racing.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
      expect(racing.filter((answer) => answer.status !== 201 && !(answer.status === 409 && answer.body.code === 'idempotency_in_progress'))).toEqual([]);
      const replays = await Promise.all(apps.map(post));
      const ids = new Set([...racing, ...replays].filter((answer) => answer.status === 201).map((answer) => answer.body.id));
      expect(replays.map((answer) => answer.status)).toEqual([201, 201, 201]);
      expect(ids.size).toBe(1);
      const customers = await direct<{ count: number }>('select count(*)::int as count from customers where external_ref = $1', [`HA-${key}`]);
      expect(customers[0]!.count).toBe(1);
    }
  });

  it('signs in on one instance and knows the caller on the others, many at once', async () => {
    const rounds = Array.from({ length: 30 }, (_, index) => index);
    const seen = await inParallel(rounds, 12, async (index) => {
      const from = apps[index % 3]!;
      const to = apps[(index + 1) % 3]!;
      const login = await fetch(`${from.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: from.email, password: BENCH_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const me = await fetch(`${to.baseUrl}/auth/me`, { headers: bearer(accessToken) });
      expect(me.status).toBe(200);
      return ((await me.json()) as { email: string }).email === from.email;
    });
    expect(seen.every(Boolean)).toBe(true);
  });

  it('passes ledger:check run through the pooler', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'ledger:check'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...pooledEnvironment() },
      timeout: 180_000,
    });
    expect(JSON.parse(stdout.slice(stdout.indexOf('{'))) as { ok: boolean }).toMatchObject({ ok: true });
  });

  it('warns no instance that the pooled connections lack a statement timeout (pgbouncer.ini gives it)', () => {
    for (const app of apps) expect(app.output()).not.toContain('no statement_timeout');
  });
});

describe('the pool of one process through PgBouncer', () => {
  it('refuses DATABASE_POOLER without the direct connection, naming the variable', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', DATABASE_POOLER: 'pgbouncer', DATABASE_URL: bouncer!.url })).toThrow(
      'Environment variable DATABASE_DIRECT_URL is not valid: must be set when DATABASE_POOLER is set.',
    );
  });


  beforeAll(() => useDatabaseUrl(bouncer!.url, 8, { queryMs: 1_000 }, { directUrl: cluster!.url }));
  afterAll(() => closePool());

  it('runs the same prepared statement on many connections at once (sent unnamed)', async () => {
    const results = await Promise.all(Array.from({ length: 24 }, (_, index) => executePrepared<{ n: number }>(db(), sql`select ${index}::int as n`)));
    expect(results.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 24 }, (_, index) => index));
  });

  it('gives a long statement its longer timeout, in and out of a transaction, and leaves every server connection as it was', async () => {
    await withStatementTimeout(10_000, () => db().execute(sql`select pg_sleep(1.5)`));
    await db().transaction((tx) => withStatementTimeout(10_000, () => tx.execute(sql`select pg_sleep(1.5)`)));
    // A request's statement keeps the short timeout.
    await expect(db().execute(sql`select pg_sleep(1.5)`)).rejects.toThrow();
    // No server connection kept the long timeout: each shows pgbouncer.ini's.
    const shown = await Promise.all(Array.from({ length: 16 }, () => pool().query<{ statement_timeout: string }>('show statement_timeout')));
    expect(new Set(shown.map((result) => result.rows[0]!.statement_timeout))).toEqual(new Set(['10s']));
  });
});

describe('payments per second, through PgBouncer and direct (a short load)', () => {
  const SECONDS = 15;
  const SENDERS = 24;

  /** SENDERS senders, each sending new M-Pesa confirmations to the instances in turn for SECONDS: acknowledged per second. */
  async function load(instances: AppInstance[]): Promise<{ perSecond: number; references: string[] }> {
    const references: string[] = [];
    const until = Date.now() + SECONDS * 1_000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, sender) => {
        for (let index = sender; Date.now() < until; index += SENDERS) {
          const notification = mpesa('10.00');
          if ((await send(instances[index % instances.length]!, notification)).acknowledged) references.push(notification.reference);
        }
      }),
    );
    return { perSecond: references.length / ((Date.now() - started) / 1_000), references };
  }

  it('records every payment of the load once, either way, and reports both rates', async () => {
    const pooled = await load(apps);
    await Promise.all(apps.map((app) => app.stop()));
    const { DATABASE_POOLER: _pooler, DATABASE_DIRECT_URL: _direct, ...directEnvironment } = { ...pooledEnvironment(), DATABASE_URL: cluster!.url };
    apps = await Promise.all([0, 1, 2].map(() => startAppInstance({ folder: folder!, environment: directEnvironment })));
    const [account] = await direct<{ account_number: string }>('select account_number from virtual_accounts where merchant_id = $1 limit 1', [apps[0]!.merchantId]);
    accountNumber = account!.account_number;
    const straight = await load(apps);

    for (const run of [pooled, straight]) {
      const kept = await keptPerReference(run.references);
      expect(kept.size).toBe(run.references.length);
      expect([...kept.values()].every((count) => count === 1)).toBe(true);
    }
    const figures = {
      through: `PgBouncer 1.18, transaction mode, default_pool_size ${POOL_SIZE}`,
      pooledPerSecond: Math.round(pooled.perSecond),
      directPerSecond: Math.round(straight.perSecond),
      instances: 3,
      senders: SENDERS,
      seconds: SECONDS,
    };
    console.log(`pgbouncer figures: ${JSON.stringify(figures)}`);
    expect(figures.pooledPerSecond).toBeGreaterThan(0);
    expect(figures.directPerSecond).toBeGreaterThan(0);
  });
});
