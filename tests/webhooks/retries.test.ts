import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { attemptDelivery } from '@/lib/webhooks/deliver';
import { InFlightLimiter } from '@/lib/webhooks/limiter';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '@/lib/webhooks/schedule';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { aheadClock, createEndpoint, deliveryRow, endpointRow, queuedJob, recordQuietly, signedInMerchant, verifyWebhook } from './support';

/** The retry schedule on a test clock: attempts are driven here, days apart, in milliseconds. */
const api = useTestApi({ SANDBOX: 'true' });
const DAY = 86_400_000;
const middle = () => 0.5;

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.stop());

async function failingEndpoint(reply: Parameters<ReturnType<WebhookReceiver['route']>['reply']>[0] = { status: 500 }) {
  const { merchant, token } = await signedInMerchant(api);
  const route = receiver.route();
  route.reply(reply);
  const endpoint = await createEndpoint(api, token, { url: route.url });
  return { merchant, token, route, endpoint };
}

describe('the retry schedule, on a controllable clock', () => {
  it('tries ten times over about three days, on schedule, then gives up; every attempt verifies with the same webhook-id', async () => {
    const { merchant, route, endpoint } = await failingEndpoint();
    const { eventId, deliveries } = await recordQuietly(merchant.id);
    const clock = aheadClock();
    const attemptTimes: Date[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      attemptTimes.push(clock.now());
      const outcome = await attemptDelivery(deliveries[0]!, { clock, random: middle });
      const delivery = await deliveryRow(eventId, endpoint.id);
      expect(delivery.attemptCount).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(outcome).toBe('retry');
        expect(delivery.status).toBe('PENDING');
        expect(delivery.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(RETRY_DELAYS_MS[attempt - 1]);
        expect(new Date((await queuedJob(delivery.id))!.run_at)).toEqual(delivery.nextAttemptAt);
        clock.set(delivery.nextAttemptAt!);
      } else {
        expect(outcome).toBe('give_up');
        expect(delivery).toMatchObject({ status: 'FAILED', nextAttemptAt: null });
      }
    }
    const elapsedDays = (attemptTimes.at(-1)!.getTime() - attemptTimes[0]!.getTime()) / DAY;
    expect(elapsedDays).toBeGreaterThan(3);
    expect(elapsedDays).toBeLessThan(3.5);
    expect(route.requests).toHaveLength(MAX_ATTEMPTS);
    route.requests.forEach((request, index) => {
      expect(request.headers['webhook-id']).toBe(eventId);
      expect(request.headers['webhook-timestamp']).toBe(String(Math.floor(attemptTimes[index]!.getTime() / 1000)));
      expect(verifyWebhook(endpoint.secret, request, attemptTimes[index])).toMatchObject({ id: eventId });
    });
    // A receiver checking the timestamp rejects a message replayed long after it was signed.
    expect(() => verifyWebhook(endpoint.secret, route.requests[0]!, attemptTimes[1])).not.toThrow();
    expect(() => verifyWebhook(endpoint.secret, route.requests[0]!, attemptTimes[2])).toThrow('too old');
  });

  it('keeps a single queued job per delivery through its retries', async () => {
    const { merchant } = await failingEndpoint();
    const { deliveries } = await recordQuietly(merchant.id);
    const clock = aheadClock();
    await attemptDelivery(deliveries[0]!, { clock });
    await attemptDelivery(deliveries[0]!, { clock });
    const { rows } = await db().execute(sql`select count(*)::int as jobs from graphile_worker.jobs where key = ${deliveries[0]!.deliveryId}`);
    expect(rows[0]).toEqual({ jobs: 1 });
  });

  it('honours Retry-After in seconds on 429 and as an HTTP date on 503', async () => {
    const clock = aheadClock();
    const inTenMinutes = new Date(clock.now().getTime() + 600_000).toUTCString();
    for (const [reply, wait] of [
      [{ status: 429, headers: { 'retry-after': '120' } }, 120_000],
      [{ status: 503, headers: { 'retry-after': inTenMinutes } }, 600_000 - (clock.now().getTime() % 1000)],
    ] as const) {
      const { merchant, endpoint } = await failingEndpoint(reply);
      const { eventId, deliveries } = await recordQuietly(merchant.id);
      await attemptDelivery(deliveries[0]!, { clock, random: middle });
      const delivery = await deliveryRow(eventId, endpoint.id);
      expect(delivery.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(wait);
    }
  });
});

describe('an endpoint failing for days', () => {
  it('is deactivated after 5 days of failures without a success, its pending deliveries cancelled', async () => {
    const { merchant, token, endpoint } = await failingEndpoint();
    const clock = aheadClock();
    const start = clock.now();
    const first = await recordQuietly(merchant.id);
    await attemptDelivery(first.deliveries[0]!, { clock });
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: true, failingSince: start });

    clock.advance(4 * DAY);
    const second = await recordQuietly(merchant.id);
    await attemptDelivery(second.deliveries[0]!, { clock });
    expect((await endpointRow(endpoint.id)).active).toBe(true);

    clock.set(new Date(start.getTime() + 5 * DAY));
    const third = await recordQuietly(merchant.id);
    await attemptDelivery(third.deliveries[0]!, { clock });
    expect(await (await api.request('GET', `/merchants/me/webhook-endpoints/${endpoint.id}/details`, { token })).json()).toMatchObject({
      deactivationReason: 'FAILING',
      deactivatedAt: clock.now().toISOString(),
      failingSince: start.toISOString(),
    });
    for (const { eventId } of [first, second, third]) expect((await deliveryRow(eventId, endpoint.id)).status).toBe('CANCELLED');
    expect(await queuedJob(first.deliveries[0]!.deliveryId)).toBeUndefined();
    expect(await attemptDelivery(first.deliveries[0]!, { clock })).toBe('skipped');
  });

  it('starts counting again after any success', async () => {
    const { merchant, route, endpoint } = await failingEndpoint();
    const clock = aheadClock();
    await attemptDelivery((await recordQuietly(merchant.id)).deliveries[0]!, { clock });
    clock.advance(DAY);
    route.reply({ status: 200 });
    await attemptDelivery((await recordQuietly(merchant.id)).deliveries[0]!, { clock });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
    clock.advance(4.5 * DAY);
    route.reply({ status: 500 });
    await attemptDelivery((await recordQuietly(merchant.id)).deliveries[0]!, { clock });
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: true, failingSince: clock.now() });
  });
});

describe('bounded concurrency', () => {
  it('holds at most N requests in flight to a slow endpoint and puts the others back in the queue', async () => {
    const { merchant, route, endpoint } = await failingEndpoint({ status: 200, delayMs: 500 });
    const limiter = new InFlightLimiter(2, 100, 100);
    const clock = aheadClock();
    const recorded = await Promise.all(Array.from({ length: 6 }, () => recordQuietly(merchant.id)));
    const outcomes = await Promise.all(recorded.map(({ deliveries }) => attemptDelivery(deliveries[0]!, { clock, limiter })));
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'deferred')).toHaveLength(4);
    expect(route.maxInFlight).toBe(2);
    const deferred = recorded.filter((_, index) => outcomes[index] === 'deferred');
    for (const { eventId, deliveries } of deferred) {
      expect(await deliveryRow(eventId, endpoint.id)).toMatchObject({ status: 'PENDING', attemptCount: 0 });
      const job = (await queuedJob(deliveries[0]!.deliveryId))!;
      expect(new Date(job.run_at).getTime()).toBeGreaterThan(clock.now().getTime());
    }
    expect(limiter.inFlightTo(endpoint.id)).toBe(0);
  });

  it('lets a job wait a moment for a fast endpoint to free a slot, rather than queueing it again', async () => {
    const { merchant, route } = await failingEndpoint({ status: 200, delayMs: 50 });
    const limiter = new InFlightLimiter(1, 100, 1_000);
    const clock = aheadClock();
    const recorded = await Promise.all(Array.from({ length: 3 }, () => recordQuietly(merchant.id)));
    const outcomes = await Promise.all(recorded.map(({ deliveries }) => attemptDelivery(deliveries[0]!, { clock, limiter })));
    expect(outcomes).toEqual(['delivered', 'delivered', 'delivered']);
    expect(route.maxInFlight).toBe(1);
  });

  it('lets other endpoints through while one is at its cap, up to the global cap', async () => {
    const slow = await failingEndpoint({ status: 200 });
    const other = await failingEndpoint({ status: 200 });
    const limiter = new InFlightLimiter(1, 2, 0);
    const clock = aheadClock();
    const held = limiter.tryAcquire(slow.endpoint.id)!;
    expect(await attemptDelivery((await recordQuietly(slow.merchant.id)).deliveries[0]!, { clock, limiter })).toBe('deferred');
    expect(await attemptDelivery((await recordQuietly(other.merchant.id)).deliveries[0]!, { clock, limiter })).toBe('delivered');
    const alsoHeld = limiter.tryAcquire(other.endpoint.id)!;
    const third = await failingEndpoint({ status: 200 });
    expect(await attemptDelivery((await recordQuietly(third.merchant.id)).deliveries[0]!, { clock, limiter })).toBe('deferred');
    held();
    alsoHeld();
    expect(await attemptDelivery((await recordQuietly(third.merchant.id)).deliveries[0]!, { clock, limiter })).toBe('delivered');
  });
});
