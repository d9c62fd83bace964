import type { Task } from 'graphile-worker';
import { config, sandboxEnabled } from '@/lib/platform/config';
import { db, pool } from '@/lib/platform/db';
import { grouped } from '@/lib/platform/grouped';
import { metrics } from '@/lib/platform/metrics';
import { systemClock, type Clock } from './clock';
import { scheduleDelivery, type DeliveryJob } from './jobs';
import { processLimiter, type InFlightLimiter } from './limiter';
import { webhookRequest, type EventForDelivery } from './message';
import { recordFailure, recordSuccess } from './record-attempt';
import { recordPatiently } from './record-patiently';
import { deferralDelayMs, nextStep } from './schedule';
import { postWebhook, type SendResult } from './send';
import { parseEndpointUrl, resolveEndpointUrl, type Resolver } from './url-policy';

export interface DeliveryOptions {
  clock?: Clock;
  limiter?: InFlightLimiter;
  random?: () => number;
  resolver?: Resolver;
  /** How long a sent attempt's outcome is retried to be recorded (record-patiently.ts; tests shorten it). */
  recordingPatienceMs?: number;
}

export type AttemptOutcome = 'deferred' | 'skipped' | 'delivered' | 'retry' | 'give_up' | 'endpoint_gone';

interface Due {
  roundAttempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  event: EventForDelivery;
}

/** Run for every group of attempts: a named statement is parsed and planned once per connection. */
const LOAD_DELIVERIES = {
  name: 'webhooks_load_deliveries',
  text: `select delivery.id, delivery.round_attempts, endpoint.url, endpoint.secret, endpoint.previous_secret, endpoint.previous_secret_expires_at,
                event.id as event_id, event.type, event.data, event.created_at
           from webhook_deliveries delivery
           join webhook_endpoints endpoint on endpoint.id = delivery.endpoint_id
           join events event on event.id = delivery.event_id -- in its id's month partitions only (migration 0034)
                and event.created_at between id_created_after(delivery.event_id) and id_created_before(delivery.event_id)
          where delivery.id = any($1::uuid[]) and delivery.status = 'PENDING' and endpoint.active`,
};

async function loadMany(deliveryIds: string[]): Promise<(Due | undefined)[]> {
  const { rows } = await pool().query({ ...LOAD_DELIVERIES, values: [deliveryIds] });
  const found = new Map<string, Due>();
  for (const row of rows as Record<string, unknown>[]) {
    found.set(row.id as string, {
      roundAttempts: row.round_attempts as number,
      url: row.url as string,
      secret: row.secret as string,
      previousSecret: row.previous_secret as string | null,
      previousSecretExpiresAt: asDate(row.previous_secret_expires_at),
      event: { id: row.event_id as string, type: row.type as string, createdAt: asDate(row.created_at)!, data: row.data },
    });
  }
  return deliveryIds.map((id) => found.get(id));
}

/**
 * What to send, when the delivery is still due; deliveries starting together are read in one
 * query. A read, not a lock: graphile-worker's lock on the job keeps two workers apart, and a rare
 * overlap (a redelivery racing a retry) sends twice, which at-least-once delivery allows.
 */
const load = grouped(loadMany, { maxSize: 100, concurrency: 2 });

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

const refused = (reason: string): SendResult => ({ status: null, retryAfter: null, location: null, durationMs: 0, error: reason });

/** The SSRF rules again (DNS may have changed since registration), then the signed POST to a checked address. */
async function send(due: Due, at: Date, resolver?: Resolver): Promise<SendResult> {
  const sandbox = sandboxEnabled();
  const parsed = parseEndpointUrl(due.url, sandbox);
  if (!parsed.ok) return refused(parsed.reason);
  const verdict = await resolveEndpointUrl(parsed.url, sandbox, resolver);
  if (!verdict.ok) return refused(verdict.reason);
  const { body, headers } = webhookRequest(due.event, due, at);
  const result = await postWebhook({ url: verdict.url, addresses: verdict.addresses, headers, body, timeoutMs: config().WEBHOOK_TIMEOUT_SECONDS * 1000 });
  if (result.status !== null && result.status >= 300 && result.status < 400) {
    return { ...result, error: `Redirect (${result.status}) not followed${result.location ? ` to ${result.location}` : ''}; use the final URL.` };
  }
  return result;
}

/** For /metrics: each attempt that sent something, by what came of it, and how long its answer took. */
function countAttempt(outcome: AttemptOutcome, durationMs: number): void {
  metrics().webhookDeliveries.inc({ outcome });
  metrics().webhookDuration.observe({ outcome }, durationMs / 1000);
}

/**
 * One attempt of one delivery: the job of task webhooks.deliver. Time comes from `clock`, so
 * tests drive the retry schedule over days; jitter from `random`.
 */
export async function attemptDelivery(job: DeliveryJob, options: DeliveryOptions = {}): Promise<AttemptOutcome> {
  const clock = options.clock ?? systemClock;
  const limiter = options.limiter ?? processLimiter();
  const release = await limiter.acquire(job.endpointId);
  if (!release) {
    const deferrals = (job.deferrals ?? 0) + 1;
    await scheduleDelivery(db(), { ...job, deferrals }, new Date(clock.now().getTime() + deferralDelayMs(deferrals, options.random)));
    return 'deferred';
  }
  try {
    const attemptedAt = clock.now();
    const due = await load(job.deliveryId);
    if (!due) return 'skipped';
    const result = await send(due, attemptedAt, options.resolver);
    const endedAt = clock.now();
    const attempt = { job, attemptedAt, endedAt, responseStatus: result.status, durationMs: result.durationMs, error: result.error };
    const step = nextStep(due.roundAttempts + 1, result, endedAt, options.random);
    limiter.noteOutcome(job.endpointId, step.kind === 'delivered');
    countAttempt(step.kind, result.durationMs);
    // The POST is out: its outcome must be recorded, or the job's retry sends it again (record-patiently.ts).
    const record = step.kind === 'delivered' ? () => recordSuccess(attempt) : () => recordFailure(attempt, step);
    await recordPatiently(record, { deliveryId: job.deliveryId, eventId: due.event.id }, options.recordingPatienceMs);
    return step.kind;
  } finally {
    release();
  }
}

export const deliverWebhookTask: Task = async (payload) => {
  await attemptDelivery(payload as DeliveryJob);
};
