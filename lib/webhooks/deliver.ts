import type { Task } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { config, sandboxEnabled } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { systemClock, type Clock } from './clock';
import { scheduleDelivery, type DeliveryJob } from './jobs';
import { processLimiter, type InFlightLimiter } from './limiter';
import { webhookRequest, type EventForDelivery } from './message';
import { recordFailure, recordSuccess } from './record-attempt';
import { deferralDelayMs, nextStep } from './schedule';
import { postWebhook, type SendResult } from './send';
import { parseEndpointUrl, resolveEndpointUrl, type Resolver } from './url-policy';

export interface DeliveryOptions {
  clock?: Clock;
  limiter?: InFlightLimiter;
  random?: () => number;
  resolver?: Resolver;
}

export type AttemptOutcome = 'deferred' | 'skipped' | 'delivered' | 'retry' | 'give_up' | 'endpoint_gone';

interface Claimed {
  roundAttempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  event: EventForDelivery;
}

/** Marks the attempt in flight and reads what to send; nothing when the delivery is no longer due. */
async function claim(deliveryId: string, at: Date): Promise<Claimed | undefined> {
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    update webhook_deliveries delivery set attempt_started_at = ${at.toISOString()}::timestamptz
      from webhook_endpoints endpoint, events event
     where delivery.id = ${deliveryId} and delivery.status = 'PENDING'
       and endpoint.id = delivery.endpoint_id and endpoint.active and event.id = delivery.event_id
    returning delivery.round_attempts, endpoint.url, endpoint.secret, endpoint.previous_secret, endpoint.previous_secret_expires_at,
              event.id as event_id, event.type, event.data, event.created_at`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    roundAttempts: row.round_attempts as number,
    url: row.url as string,
    secret: row.secret as string,
    previousSecret: row.previous_secret as string | null,
    previousSecretExpiresAt: asDate(row.previous_secret_expires_at),
    event: { id: row.event_id as string, type: row.type as string, createdAt: asDate(row.created_at)!, data: row.data },
  };
}

/** Raw SQL through drizzle returns timestamps as text. */
const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

const refused = (reason: string): SendResult => ({ status: null, retryAfter: null, location: null, durationMs: 0, error: reason });

/** The SSRF rules again (DNS may have changed since registration), then the signed POST to a checked address. */
async function send(claimed: Claimed, at: Date, resolver?: Resolver): Promise<SendResult> {
  const sandbox = sandboxEnabled();
  const parsed = parseEndpointUrl(claimed.url, sandbox);
  if (!parsed.ok) return refused(parsed.reason);
  const verdict = await resolveEndpointUrl(parsed.url, sandbox, resolver);
  if (!verdict.ok) return refused(verdict.reason);
  const { body, headers } = webhookRequest(claimed.event, claimed, at);
  const result = await postWebhook({ url: verdict.url, addresses: verdict.addresses, headers, body, timeoutMs: config().WEBHOOK_TIMEOUT_SECONDS * 1000 });
  if (result.status !== null && result.status >= 300 && result.status < 400) {
    return { ...result, error: `Redirect (${result.status}) not followed${result.location ? ` to ${result.location}` : ''}; use the final URL.` };
  }
  return result;
}

/**
 * One attempt of one delivery: the job of task webhooks.deliver. Time comes from `clock`, so
 * tests drive the retry schedule over days; jitter from `random`.
 */
export async function attemptDelivery(job: DeliveryJob, options: DeliveryOptions = {}): Promise<AttemptOutcome> {
  const clock = options.clock ?? systemClock;
  const release = (options.limiter ?? processLimiter()).tryAcquire(job.endpointId);
  if (!release) {
    const deferrals = (job.deferrals ?? 0) + 1;
    await scheduleDelivery(db(), { ...job, deferrals }, new Date(clock.now().getTime() + deferralDelayMs(deferrals, options.random)));
    return 'deferred';
  }
  try {
    const attemptedAt = clock.now();
    const claimed = await claim(job.deliveryId, attemptedAt);
    if (!claimed) return 'skipped';
    const result = await send(claimed, attemptedAt, options.resolver);
    const endedAt = clock.now();
    const attempt = { job, attemptedAt, endedAt, responseStatus: result.status, durationMs: result.durationMs, error: result.error };
    const step = nextStep(claimed.roundAttempts + 1, result, endedAt, options.random);
    if (step.kind === 'delivered') await recordSuccess(attempt);
    else await recordFailure(attempt, step);
    return step.kind;
  } finally {
    release();
  }
}

export const deliverWebhookTask: Task = async (payload) => {
  await attemptDelivery(payload as DeliveryJob);
};
