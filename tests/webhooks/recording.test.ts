import { sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closePool, db, useDatabaseUrl } from '@/lib/platform/db';
import { startWorker } from '@/lib/platform/jobs/worker';
import { attemptDelivery, deliverWebhookTask } from '@/lib/webhooks/deliver';
import type { DeliveryJob } from '@/lib/webhooks/jobs';
import { recordFailure, recordSuccess } from '@/lib/webhooks/record-attempt';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type ReceiverRoute, type WebhookReceiver } from '../support/webhook-receiver';
import { aheadClock, createEndpoint, deliveryRow, eventually, queuedJob, recordQuietly, signedInMerchant } from './support';

/**
 * The outcome of a webhook that was sent is recorded even when the database is slow to take it.
 * Through PgBouncer (tests/ha/pgbouncer.test.ts) a statement waits in the pooler's queue for a server
 * connection, and that wait counts toward the client's query timeout; here the recording statement
 * waits on a row lock held by another session instead, which times it out the same way (the pool's
 * query timeout is short in this file), after the POST has reached the receiver.
 */
const api = useTestApi({ SANDBOX: 'true' });
const QUERY_MS = 700;
/** Only this file's worker runs this task name, so no other file's worker (with other timeouts) takes its jobs. */
const TASK = 'webhooks.deliver.recording-test';

let receiver: WebhookReceiver;
const workers: Runner[] = [];
beforeAll(async () => {
  // After useTestApi's own setup: the app's pool again, with a short statement timeout.
  await closePool();
  useDatabaseUrl(inject('databaseUrl'), 10, { queryMs: QUERY_MS });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await receiver.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Another session holds the delivery's row (FOR UPDATE) until released: reads go on, its update waits. */
async function holdDelivery(deliveryId: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  await client.query('begin');
  await client.query('select 1 from webhook_deliveries where id = $1 for update', [deliveryId]);
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

/** The lock goes once the receiver has the webhook and the first recording has timed out at least twice. */
function releaseAfterTwoTimeouts(route: ReceiverRoute, release: () => Promise<void>): Promise<void> {
  return route.waitFor(1, 15_000).then(() => sleep(2.5 * QUERY_MS)).then(release);
}

async function attemptsOf(deliveryId: string) {
  const { rows } = await db().execute<{ response_status: number | null }>(
    sql`select response_status from webhook_attempts where delivery_id = ${deliveryId} order by attempted_at`,
  );
  return rows;
}

async function endpointFor(status = 200) {
  const { merchant, token } = await signedInMerchant(api);
  const route = receiver.route();
  route.reply({ status });
  const endpoint = await createEndpoint(api, token, { url: route.url });
  const { eventId, deliveries } = await recordQuietly(merchant.id);
  return { route, endpoint, eventId, job: deliveries[0]! as DeliveryJob };
}

describe('recording the outcome of a webhook that was sent', () => {
  it('records a delivered webhook whose recording timed out at first, and does not send it again', async () => {
    const { route, endpoint, eventId, job } = await endpointFor(200);
    const released = releaseAfterTwoTimeouts(route, await holdDelivery(job.deliveryId));
    const started = Date.now();
    expect(await attemptDelivery(job)).toBe('delivered');
    await released;
    expect(Date.now() - started).toBeGreaterThan(2 * QUERY_MS);
    expect(route.requests).toHaveLength(1);
    expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
    expect(await attemptsOf(job.deliveryId)).toEqual([{ response_status: 200 }]);
  });

  it('records a failed attempt whose recording timed out at first, once, with its retry', async () => {
    const { route, endpoint, eventId, job } = await endpointFor(500);
    const released = releaseAfterTwoTimeouts(route, await holdDelivery(job.deliveryId));
    // A month ahead: the retry it schedules is far in the database's future, so no worker sends it.
    expect(await attemptDelivery(job, { clock: aheadClock() })).toBe('retry');
    await released;
    expect(route.requests).toHaveLength(1);
    const delivery = await deliveryRow(eventId, endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    expect(await attemptsOf(job.deliveryId)).toEqual([{ response_status: 500 }]);
    expect(new Date((await queuedJob(job.deliveryId))!.run_at)).toEqual(delivery.nextAttemptAt);
  });

  it('completes the job of a webhook whose recording was slow, so the worker never sends it twice', async () => {
    const { route, endpoint, eventId, job } = await endpointFor(200);
    workers.push(await startWorker({ tasks: { [TASK]: deliverWebhookTask }, concurrency: 2 }));
    const released = releaseAfterTwoTimeouts(route, await holdDelivery(job.deliveryId));
    await db().execute(sql`select graphile_worker.add_job(${TASK}, ${JSON.stringify(job)}::json, job_key => ${job.deliveryId})`);
    await released;
    // A job that threw would stay queued for graphile-worker's retry (and send again); this one is done.
    await eventually(() => queuedJob(job.deliveryId), (queued) => queued === undefined);
    expect(route.requests).toHaveLength(1);
    expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
  }, 30_000);

  it('sends again, as at-least-once delivery requires, a webhook whose outcome could not be recorded in time', async () => {
    const { route, endpoint, eventId, job } = await endpointFor(200);
    const release = await holdDelivery(job.deliveryId);
    // The database stays too slow for longer than the recording waits: the job fails, to be retried.
    await expect(attemptDelivery(job, { recordingPatienceMs: 2 * QUERY_MS })).rejects.toThrow();
    await release();
    expect(route.requests).toHaveLength(1);
    expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'PENDING', attemptCount: 0 });
    // Its retry sends the same event again (the receiver dedupes on webhook-id) and records it.
    expect(await attemptDelivery(job)).toBe('delivered');
    expect(route.requests.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });
  });

  it('counts an attempt once when its recording runs again after the answer to the first was lost', async () => {
    const { endpoint, eventId, job } = await endpointFor(200);
    const attemptedAt = new Date();
    const delivered = { job, attemptedAt, endedAt: new Date(attemptedAt.getTime() + 40), responseStatus: 200, durationMs: 40, error: null };
    await recordSuccess(delivered);
    await recordSuccess(delivered);
    expect(await attemptsOf(job.deliveryId)).toEqual([{ response_status: 200 }]);
    expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 });

    const other = await endpointFor(500);
    const failedAt = aheadClock().now();
    const failed = { job: other.job, attemptedAt: failedAt, endedAt: failedAt, responseStatus: 500, durationMs: 40, error: null };
    const retryAt = new Date(failedAt.getTime() + 5_000);
    await recordFailure(failed, { kind: 'retry', at: retryAt });
    await recordFailure(failed, { kind: 'retry', at: retryAt });
    expect(await attemptsOf(other.job.deliveryId)).toEqual([{ response_status: 500 }]);
    expect(await deliveryRow(other.eventId, other.endpoint.id)).toMatchObject({ status: 'PENDING', attemptCount: 1, nextAttemptAt: retryAt });
  });
});
