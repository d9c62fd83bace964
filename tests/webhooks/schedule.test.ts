import { describe, expect, it } from 'vitest';
import {
  deferralDelayMs,
  failingTooLong,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  nextStep,
  RETRY_DELAYS_MS,
  retryAfterMs,
} from '@/lib/webhooks/schedule';
import { InFlightLimiter } from '@/lib/webhooks/limiter';

const at = new Date('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const delayOf = (step: ReturnType<typeof nextStep>) => (step.kind === 'retry' ? step.at.getTime() - at.getTime() : undefined);

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, about three days in all', () => {
    const middle = () => 0.5;
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) => delayOf(nextStep(index + 1, { status: 500 }, at, middle)));
    expect(delays).toEqual([5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR]);
    const total = delays.reduce((sum, delay) => sum! + delay!, 0)!;
    expect(total / (24 * HOUR)).toBeGreaterThan(3);
    expect(total / (24 * HOUR)).toBeLessThan(3.5);
  });

  it('spreads each wait by at most 10% either way', () => {
    RETRY_DELAYS_MS.forEach((base, index) => {
      expect(delayOf(nextStep(index + 1, { status: null }, at, () => 0))).toBe(Math.round(base * 0.9));
      expect(delayOf(nextStep(index + 1, { status: null }, at, () => 0.999999))).toBeLessThanOrEqual(Math.round(base * 1.1));
      expect(delayOf(nextStep(index + 1, { status: null }, at, () => 0.999999))).toBeGreaterThan(base * 1.09);
    });
  });

  it('gives up after the tenth failed attempt', () => {
    expect(MAX_ATTEMPTS).toBe(10);
    expect(nextStep(9, { status: 500 }, at).kind).toBe('retry');
    expect(nextStep(10, { status: 500 }, at)).toEqual({ kind: 'give_up' });
  });

  it('counts any 2xx as delivered and anything else, redirects included, as a failure', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(nextStep(1, { status }, at)).toEqual({ kind: 'delivered' });
    for (const status of [100, 301, 302, 304, 307, 400, 401, 404, 500, 502]) expect(nextStep(1, { status }, at).kind).toBe('retry');
    expect(nextStep(1, { status: null }, at).kind).toBe('retry');
  });

  it('treats 410 Gone as the endpoint asking to be removed', () => {
    expect(nextStep(1, { status: 410 }, at)).toEqual({ kind: 'endpoint_gone' });
    expect(nextStep(10, { status: 410 }, at)).toEqual({ kind: 'endpoint_gone' });
  });

  it('honours Retry-After on 429 and 503, in seconds or as an HTTP date, exactly and without jitter', () => {
    expect(delayOf(nextStep(1, { status: 429, retryAfter: '120' }, at, () => 0))).toBe(120_000);
    expect(delayOf(nextStep(1, { status: 503, retryAfter: 'Sun, 01 Mar 2026 12:10:00 GMT' }, at, () => 0))).toBe(10 * MINUTE);
    // Later in the schedule a shorter Retry-After still wins: the receiver said when it is ready.
    expect(delayOf(nextStep(5, { status: 503, retryAfter: '30' }, at))).toBe(30_000);
  });

  it('caps Retry-After at 24 hours and waits at least a second', () => {
    expect(delayOf(nextStep(1, { status: 429, retryAfter: String(7 * 86_400) }, at))).toBe(MAX_RETRY_AFTER_MS);
    expect(delayOf(nextStep(1, { status: 429, retryAfter: '0' }, at))).toBe(1_000);
    expect(delayOf(nextStep(1, { status: 429, retryAfter: 'Sat, 28 Feb 2026 00:00:00 GMT' }, at))).toBe(1_000);
  });

  it('ignores Retry-After on other statuses and when unreadable', () => {
    expect(delayOf(nextStep(1, { status: 500, retryAfter: '3600' }, at, () => 0.5))).toBe(5_000);
    expect(delayOf(nextStep(1, { status: 429, retryAfter: 'soon' }, at, () => 0.5))).toBe(5_000);
    expect(retryAfterMs(undefined, at)).toBeNull();
    expect(retryAfterMs('  ', at)).toBeNull();
    expect(retryAfterMs('-5', at)).toBeNull();
  });
});

describe('deactivation after failures', () => {
  it('deactivates an endpoint that has failed for 5 days without a success, not before', () => {
    const since = new Date(at.getTime() - 5 * 24 * HOUR);
    expect(failingTooLong(since, at)).toBe(true);
    expect(failingTooLong(new Date(since.getTime() + 1), at)).toBe(false);
    expect(failingTooLong(null, at)).toBe(false);
  });
});

describe('deferral when an endpoint is at capacity', () => {
  it('waits about a second, then longer each time a job is turned back, up to about 30 s', () => {
    expect(deferralDelayMs(1, () => 0.5)).toBe(1_000);
    expect(deferralDelayMs(2, () => 0.5)).toBe(2_000);
    expect(deferralDelayMs(20, () => 0.5)).toBe(30_000);
    expect(deferralDelayMs(20, () => 0.999)).toBeLessThan(45_000);
  });
});

describe('the in-flight limiter', () => {
  it('narrows an endpoint to 2 requests in flight after a failure, and widens it again after a success', () => {
    const limiter = new InFlightLimiter(10, 100, 0);
    limiter.noteOutcome('dead', false);
    const held = [limiter.tryAcquire('dead'), limiter.tryAcquire('dead')];
    expect(held.every(Boolean)).toBe(true);
    expect(limiter.tryAcquire('dead')).toBeNull();
    expect(limiter.tryAcquire('healthy')).not.toBeNull();
    limiter.noteOutcome('dead', true);
    expect(limiter.tryAcquire('dead')).not.toBeNull();
  });

  it('hands a freed slot to a job waiting for it', async () => {
    const limiter = new InFlightLimiter(1, 100, 1_000);
    const release = limiter.tryAcquire('busy')!;
    const waiting = limiter.acquire('busy');
    setTimeout(release, 20);
    expect(await waiting).toEqual(expect.any(Function));
    expect(limiter.inFlightTo('busy')).toBe(1);
  });

  it('gives up on a slot after its wait, for the job to be queued again', async () => {
    const limiter = new InFlightLimiter(1, 100, 30);
    limiter.tryAcquire('busy');
    expect(await limiter.acquire('busy')).toBeNull();
  });
});
