import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { db } from '@/lib/platform/db';
import { sweepAbandonedAttempts } from '@/lib/webhooks/sweep';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { CRASH_TASK } from './fixtures/crash-child';
import { createEndpoint, deliveryRow, eventually, queuedJob, recordQuietly, signedInMerchant, startDeliveryWorker, verifyWebhook } from './support';

const api = useTestApi({ SANDBOX: 'true' });

let receiver: WebhookReceiver;
const workers: Runner[] = [];
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await receiver.stop();
});

function child(...args: string[]) {
  const process_ = spawn(process.execPath, [compiledEntry('tests/webhooks/fixtures/crash-child.ts'), ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, TEST_DATABASE_URL: inject('databaseUrl'), TEST_DATA_DIR: inject('testDataDir') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: process_.stdout! });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => process_.once('exit', (_code, signal) => resolve(signal)));
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void exited.then(() => reject(new Error('the child exited without a word')));
  });
  return { process: process_, firstLine, exited };
}

describe('crashes', () => {
  it('delivers an event whose process was killed right after it committed', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const route = receiver.route();
    const endpoint = await createEndpoint(api, token, { url: route.url });
    const recorder = child('record', merchant.id);
    const { eventId } = JSON.parse(await recorder.firstLine) as { eventId: string };
    expect(await recorder.exited).toBe('SIGKILL');

    workers.push(await startDeliveryWorker());
    const [received] = await route.waitFor(1);
    expect(verifyWebhook(endpoint.secret, received!)).toMatchObject({ id: eventId, type: 'payment.received' });
    await eventually(() => deliveryRow(eventId, endpoint.id), (delivery) => delivery.status === 'SUCCEEDED');
  }, 30_000);

  it('delivers again, within about a minute, a webhook whose worker died mid-request', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const route = receiver.route();
    route.reply((_request, index) => (index === 0 ? { hang: true } : { status: 200 }));
    const endpoint = await createEndpoint(api, token, { url: route.url });
    const { eventId, deliveries } = await recordQuietly(merchant.id);
    const delivery = deliveries[0]!;

    const worker = child('deliver');
    expect(await worker.firstLine).toBe('ready');
    // Only the child's worker runs this task name: no other worker can take the job first.
    await db().execute(sql`select graphile_worker.add_job(${CRASH_TASK}, ${JSON.stringify(delivery)}::json, job_key => ${delivery.deliveryId})`);
    const [cutOff] = await route.waitFor(1);
    worker.process.kill('SIGKILL');
    expect(await worker.exited).toBe('SIGKILL');
    expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'PENDING', attemptCount: 0 });
    expect((await queuedJob(delivery.deliveryId))!.locked_at).not.toBeNull();

    // Within the lease the attempt may still be alive: nothing is re-sent.
    expect(await sweepAbandonedAttempts({ task: CRASH_TASK })).toBe(0);
    // As if the lease had run out (for this task name only: other files' attempts in flight stay theirs).
    expect(await sweepAbandonedAttempts({ task: CRASH_TASK, olderThanMs: 0 })).toBe(1);
    // Back in the delivery task. A delivery worker of another test file may already hold it (or have
    // sent it): the second request to the receiver, below, is what proves the re-send.
    const requeued = await queuedJob(delivery.deliveryId);
    if (requeued) expect(requeued.task_identifier).toBe('webhooks.deliver');
    workers.push(await startDeliveryWorker());
    const [, again] = await route.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(cutOff!.headers['webhook-id']);
    expect(verifyWebhook(endpoint.secret, again!)).toMatchObject({ id: eventId });
    const settled = await eventually(() => deliveryRow(eventId, endpoint.id), (row) => row.status === 'SUCCEEDED');
    expect(settled.attemptCount).toBe(1);
  }, 30_000);
});
