import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { recordEvent } from '@/lib/events/record';
import { createMerchant } from '@/lib/merchants/operations';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase, type OpenDatabase } from '@/lib/platform/database';
import { db } from '@/lib/platform/db';
import { WORKER_DEAD_AFTER_MS } from '@/lib/platform/jobs/heartbeat';
import { startWorker } from '@/lib/platform/jobs/worker';
import { attemptDelivery } from '@/lib/webhooks/deliver';
import { DELIVER_TASK } from '@/lib/webhooks/jobs';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/lib/webhooks/schema';
import { deliverWebhookTask } from '@/lib/webhooks/deliver';
import { startWebhookReceiver, type ReceiverRoute, type WebhookReceiver } from '../support/webhook-receiver';
import { CRASH_TASK } from '../webhooks/fixtures/crash-child';
import { recordQuietly } from '../webhooks/support';
import { until } from './support';

/**
 * Its own embedded PostgreSQL, so that no other test file's worker takes these deliveries: the
 * per-endpoint cap is per process, and what is measured here is one process keeping to it.
 */
const CAP = 4;
let dataDir: string;
let database: OpenDatabase;
let receiver: WebhookReceiver;
let merchantId: string;
const workers: Runner[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'collect-heal-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  setConfig(parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEBHOOK_ENDPOINT_CONCURRENCY: String(CAP) }));
  database = await openDatabase(config());
  receiver = await startWebhookReceiver();
  const created = await createMerchant({ name: 'Heal Ltd', email: `heal-${randomBytes(4).toString('hex')}@test.example`, password: 'correct-horse-battery' });
  merchantId = created.merchant.id;
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await receiver?.stop();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function endpointFor(route: ReceiverRoute): Promise<string> {
  const [endpoint] = await db()
    .insert(webhookEndpoints)
    .values({ merchantId, url: route.url, description: 'heal test', secret: `whsec_${randomBytes(32).toString('base64')}` })
    .returning({ id: webhookEndpoints.id });
  return endpoint!.id;
}

/** A delivery failed twice (the real schedule): its next retry is 5 minutes away. */
async function waitingFiveMinutes(endpointId: string): Promise<string> {
  const { deliveries } = await recordQuietly(merchantId);
  const delivery = deliveries.find((each) => each.endpointId === endpointId)!;
  expect(await attemptDelivery(delivery)).toBe('retry');
  expect(await attemptDelivery(delivery)).toBe('retry');
  return delivery.deliveryId;
}

const deliveriesOf = (ids: string[]) => db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));

describe('a failing endpoint that answers 2xx again', () => {
  it("sends its deliveries waiting for a retry within 10 s, within its concurrency cap, and the log says they went early", async () => {
    const route = receiver.route();
    route.reply({ status: 500 });
    const endpointId = await endpointFor(route);
    const other = receiver.route();
    other.reply({ status: 500 });
    const otherEndpointId = await endpointFor(other);

    const backlog: string[] = [];
    for (let index = 0; index < 24; index += 1) backlog.push(await waitingFiveMinutes(endpointId));
    const stillFailing = (await recordQuietly(merchantId)).deliveries.find((each) => each.endpointId === otherEndpointId)!;
    await attemptDelivery(stillFailing);
    await attemptDelivery(stillFailing);
    for (const delivery of await deliveriesOf(backlog)) {
      expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 2 });
      expect(delivery.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    }

    workers.push(await startWorker({ tasks: { [DELIVER_TASK]: deliverWebhookTask }, concurrency: 40 }));
    route.reply({ status: 200, delayMs: 100 });
    const recovered = Date.now();
    // A new event is the first 2xx the endpoint gives (as would a retry coming due, or the portal's test event).
    await db().transaction((tx) => recordEvent(tx, { merchantId, subMerchantId: null, type: 'payment.received', data: { note: 'first after the outage' } }));

    const waited = await until(async () => (await deliveriesOf(backlog)).every((delivery) => delivery.status === 'SUCCEEDED'), 10_000);
    expect(Date.now() - recovered).toBeLessThan(10_000);
    console.log(`backlog of ${backlog.length} delivered ${waited} ms after the endpoint answered 2xx again`);
    expect(route.maxInFlight).toBeLessThanOrEqual(CAP);

    const attempts = await db()
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, backlog))
      .orderBy(asc(webhookAttempts.attemptedAt));
    for (const deliveryId of backlog) {
      const own = attempts.filter((attempt) => attempt.deliveryId === deliveryId);
      expect(own.map((attempt) => [attempt.responseStatus, attempt.scheduledBecause])).toEqual([
        [500, null],
        [500, null],
        [200, 'ENDPOINT_RECOVERED'],
      ]);
    }
    // Every held event reached the receiver (at least once), each under its own webhook-id.
    const received = new Set(route.requests.filter((request) => request.receivedAt >= recovered).map((request) => request.headers['webhook-id']));
    expect(received.size).toBe(backlog.length + 1);

    // Another endpoint, still failing (the new event failed there too), keeps the documented schedule.
    const [untouched] = await deliveriesOf([stillFailing.deliveryId]);
    expect(untouched).toMatchObject({ status: 'PENDING', attemptCount: 2 });
    expect(untouched!.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
  }, 60_000);
});

describe('a worker that died holding a delivery', () => {
  it('has its delivery sent again by a live worker within 30 s, without waiting for the sweep', async () => {
    const route = receiver.route();
    route.reply((_request, index) => (index === 0 ? { hang: true } : { status: 200 }));
    const endpointId = await endpointFor(route);
    const { deliveries } = await recordQuietly(merchantId);
    const delivery = deliveries.find((each) => each.endpointId === endpointId)!;

    const child = spawn(process.execPath, [compiledEntry('tests/webhooks/fixtures/crash-child.ts'), 'deliver'], {
      env: { ...process.env, TEST_DATABASE_URL: database.url, TEST_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    expect(await new Promise((resolve) => createInterface({ input: child.stdout! }).once('line', resolve))).toBe('ready');
    // No wait for the child's first beat: its pool takes no job before its heartbeat row is written
    // (a worker that never beat: tests/operations/jobs-never-beat.test.ts).
    await db().execute(sql`select graphile_worker.add_job(${CRASH_TASK}, ${JSON.stringify(delivery)}::json, job_key => ${delivery.deliveryId})`);
    await route.waitFor(1, 20_000);
    child.kill('SIGKILL');
    await exited;
    const died = Date.now();

    // A live worker for the same task in this process: its heartbeat frees the dead worker's job.
    workers.push(await startWorker({ tasks: { [CRASH_TASK]: deliverWebhookTask }, concurrency: 2 }));
    const [, again] = await route.waitFor(2, 30_000);
    const resumedAfter = again!.receivedAt - died;
    console.log(`a dead worker's delivery went again ${resumedAfter} ms after the worker died`);
    expect(resumedAfter).toBeLessThan(30_000);
    expect(resumedAfter).toBeGreaterThanOrEqual(WORKER_DEAD_AFTER_MS - 5_000); // not before the owner is known dead
    expect(again!.headers['webhook-id']).toBe(route.requests[0]!.headers['webhook-id']);
    await until(async () => (await deliveriesOf([delivery.deliveryId]))[0]!.status === 'SUCCEEDED', 5_000);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.deliveryId));
    expect(row!.attemptCount).toBe(1);
  }, 60_000);
});

describe('a live worker busy longer than the dead-worker limit', () => {
  it('keeps its job while it beats: no other worker runs it a second time', async () => {
    const runs: number[] = [];
    const slowTask = 'operations.slow-test';
    const task = async () => {
      runs.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, WORKER_DEAD_AFTER_MS + 3_000));
    };
    // Two workers, two heartbeats: either could take the job, and the other must leave it alone.
    const first = await startWorker({ tasks: { [slowTask]: task }, concurrency: 1 });
    const second = await startWorker({ tasks: { [slowTask]: task }, concurrency: 1 });
    workers.push(first, second);
    await db().execute(sql`select graphile_worker.add_job(${slowTask}, '{}'::json)`);
    await until(async () => runs.length === 1, 5_000);
    await until(async () => (await db().execute(sql`select 1 from graphile_worker.jobs where task_identifier = ${slowTask}`)).rows.length === 0, WORKER_DEAD_AFTER_MS + 10_000);
    expect(runs).toHaveLength(1);
  }, 60_000);
});
