import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '@/lib/events/record';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { createEndpoint, deliveryRow, eventually, signedInMerchant, startDeliveryWorker, verifyWebhook } from './support';

const api = useTestApi({ SANDBOX: 'true' });
const EVENTS = 60;

let receiver: WebhookReceiver;
const workers: Runner[] = [];
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await receiver.stop();
});

describe('two app instances on one database', () => {
  it(`deliver each of ${EVENTS} events exactly once per endpoint`, async () => {
    const { merchant, token } = await signedInMerchant(api);
    const [first, second] = [receiver.route(), receiver.route()];
    // A little latency, so that both workers are busy at once and compete for jobs.
    first.reply({ status: 200, delayMs: 20 });
    second.reply({ status: 200, delayMs: 20 });
    const endpoints = [await createEndpoint(api, token, { url: first.url }), await createEndpoint(api, token, { url: second.url })];
    workers.push(await startDeliveryWorker(5), await startDeliveryWorker(5));
    const ran = [0, 0];
    workers.forEach((worker, index) => worker.events.on('job:success', () => (ran[index]! += 1)));

    const eventIds = await Promise.all(
      Array.from({ length: EVENTS }, (_, index) =>
        db().transaction((tx) => recordEvent(tx, { merchantId: merchant.id, subMerchantId: null, type: 'payment.received', data: { index } })),
      ),
    );
    for (const [index, route] of [first, second].entries()) {
      await route.waitFor(EVENTS, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(route.requests).toHaveLength(EVENTS);
      expect(new Set(route.requests.map((request) => request.headers['webhook-id']))).toEqual(new Set(eventIds));
      for (const request of route.requests) verifyWebhook(endpoints[index]!.secret, request);
    }
    // Both instances took part (other test files' workers may have taken some jobs too).
    expect(ran[0]).toBeGreaterThan(0);
    expect(ran[1]).toBeGreaterThan(0);
    for (const eventId of eventIds.slice(0, 5)) {
      const delivery = await eventually(() => deliveryRow(eventId, endpoints[0]!.id), (row) => row.status === 'SUCCEEDED');
      expect(delivery.attemptCount).toBe(1);
    }
  }, 60_000);
});
