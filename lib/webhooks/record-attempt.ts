import { sql } from 'drizzle-orm';
import { db, pool, type Queryable } from '@/lib/platform/db';
import { grouped } from '@/lib/platform/grouped';
import { logger } from '@/lib/platform/logger';
import { deactivateEndpoint } from './deactivate';
import { DELIVER_TASK, JOB_MAX_ATTEMPTS, scheduleDelivery, type DeliveryJob } from './jobs';
import { failingTooLong, type NextStep } from './schedule';

export interface AttemptRecord {
  job: DeliveryJob;
  attemptedAt: Date;
  endedAt: Date;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * How far back a recovered endpoint's waiting deliveries are looked for: the retry schedule spans
 * about 3 days from a delivery's first attempt (a redelivered older one keeps its own schedule).
 */
const RECOVERY_LOOKBACK_DAYS = 4;

const insertAttempt = (attempt: AttemptRecord) => sql`
  insert into webhook_attempts (delivery_id, attempted_at, response_status, duration_ms, error, scheduled_because)
  values (${attempt.job.deliveryId}, ${attempt.attemptedAt.toISOString()}::timestamptz, ${attempt.responseStatus}::int,
          ${attempt.durationMs}::int, ${attempt.error}, ${attempt.job.scheduledBecause ?? null})`;

/**
 * The common case, for every delivery that succeeded meanwhile, in one named statement: the
 * attempts, the deliveries done, their endpoints healthy again. Committed without waiting for the
 * disk (synchronous_commit off, for this transaction only): the jobs' completion, committed durably
 * right after, flushes the log past this record; if the server dies first, the jobs are still
 * queued and the attempts are simply made again. A delivery twice in one group (a redelivery racing
 * a retry) counts both attempts.
 *
 * An endpoint that was failing and answered 2xx again (failing_since set until now) has its other
 * deliveries waiting for a retry brought forward to now, in the same statement: their jobs are
 * re-timed under their keys (graphile-worker's add_job replaces the waiting job) and say why, and
 * the per-endpoint cap (limiter.ts) still spaces them. Only deliveries waiting for a later retry
 * are touched (none in flight: a due or running job has next_attempt_at in the past), and only
 * those made within the retry schedule's span, so that the scan stays on the recent part of the
 * endpoint's index however long its history.
 *
 * An attempt already recorded (same delivery, same attempted_at) is skipped (`fresh`): a recording
 * whose answer was lost after it committed (a client timeout through a busy pooler) is tried again
 * by record-patiently.ts, and must count the attempt once. The lookup is webhook_attempts' own
 * (delivery_id, attempted_at) index.
 */
const RECORD_SUCCESSES = {
  name: 'webhooks_record_successes',
  text: `with durability as (select set_config('synchronous_commit', 'off', true)),
         input as (
           select * from unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::int[], $5::int[], $6::text[])
                      as x(delivery_id, endpoint_id, attempted_at, response_status, duration_ms, scheduled_because)
         ),
         fresh as (
           select * from input
            where not exists (select 1 from webhook_attempts recorded
                               where recorded.delivery_id = input.delivery_id and recorded.attempted_at = input.attempted_at)
         ),
         attempt as (
           insert into webhook_attempts (delivery_id, attempted_at, response_status, duration_ms, error, scheduled_because)
           select delivery_id, attempted_at, response_status, duration_ms, null, scheduled_because from fresh
         ),
         delivered as (
           update webhook_deliveries delivery
              set status = case when delivery.status = 'PENDING' then 'SUCCEEDED' else delivery.status end,
                  attempt_count = delivery.attempt_count + done.attempts, round_attempts = delivery.round_attempts + done.attempts,
                  last_attempt_at = done.last_attempt_at, next_attempt_at = null
             from (select delivery_id, count(*)::int as attempts, max(attempted_at) as last_attempt_at from fresh group by delivery_id) done
            where delivery.id = done.delivery_id
         ),
         healthy as (
           update webhook_endpoints set failing_since = null
            where id in (select endpoint_id from fresh) and failing_since is not null
           returning id
         ),
         early as (
           update webhook_deliveries waiting set next_attempt_at = now()
            where waiting.endpoint_id in (select id from healthy)
              and waiting.created_at > now() - interval '${RECOVERY_LOOKBACK_DAYS} days'
              and waiting.status = 'PENDING' and waiting.next_attempt_at > now()
              and waiting.id not in (select delivery_id from input)
           returning waiting.id, waiting.endpoint_id
         ),
         requeued as (
           select graphile_worker.add_job('${DELIVER_TASK}',
                    json_build_object('deliveryId', early.id, 'endpointId', early.endpoint_id, 'deferrals', 0, 'scheduledBecause', 'ENDPOINT_RECOVERED'),
                    max_attempts => ${JOB_MAX_ATTEMPTS}, job_key => early.id::text)
             from early
         )
         select (select count(*) from requeued)::int as brought_forward from durability`,
};

async function recordSuccesses(attempts: AttemptRecord[]): Promise<void[]> {
  await pool().query({
    ...RECORD_SUCCESSES,
    values: [
      attempts.map((attempt) => attempt.job.deliveryId),
      attempts.map((attempt) => attempt.job.endpointId),
      attempts.map((attempt) => attempt.attemptedAt),
      attempts.map((attempt) => attempt.responseStatus),
      attempts.map((attempt) => attempt.durationMs),
      attempts.map((attempt) => attempt.job.scheduledBecause ?? null),
    ],
  });
  return attempts.map(() => undefined);
}

/**
 * A delivered attempt, recorded with the others that succeed meanwhile. One group at a time: two
 * groups updating the same endpoint rows in different orders could otherwise deadlock.
 */
export const recordSuccess = grouped(recordSuccesses, { maxSize: 200, concurrency: 1 });

async function alreadyRecorded(tx: Queryable, attempt: AttemptRecord): Promise<boolean> {
  const { rows } = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from webhook_attempts
                    where delivery_id = ${attempt.job.deliveryId} and attempted_at = ${attempt.attemptedAt.toISOString()}::timestamptz) as found`);
  return rows[0]!.found;
}

const statusAfter = (step: NextStep) => (step.kind === 'retry' ? 'PENDING' : 'FAILED');

/**
 * A failed attempt: the next one queued (or the delivery given up), and the endpoint deactivated
 * when it answered 410 or has failed for 5 days without a success.
 */
export async function recordFailure(attempt: AttemptRecord, step: Exclude<NextStep, { kind: 'delivered' }>): Promise<void> {
  const retryAt = step.kind === 'retry' ? step.at.toISOString() : null;
  await db().transaction(async (tx) => {
    // Tried again after a lost answer (record-patiently.ts): the attempt that committed stands.
    if (await alreadyRecorded(tx, attempt)) return;
    await tx.execute(insertAttempt(attempt));
    const { rows } = await tx.execute<{ status: string }>(sql`
      update webhook_deliveries
         set status = case when status = 'PENDING' then ${statusAfter(step)} else status end,
             next_attempt_at = case when status = 'PENDING' then ${retryAt}::timestamptz end,
             attempt_count = attempt_count + 1, round_attempts = round_attempts + 1,
             last_attempt_at = ${attempt.attemptedAt.toISOString()}::timestamptz
       where id = ${attempt.job.deliveryId}
      returning status`);
    if (step.kind === 'retry' && rows[0]?.status === 'PENDING') {
      await scheduleDelivery(tx, { deliveryId: attempt.job.deliveryId, endpointId: attempt.job.endpointId }, step.at);
    }
    const { rows: endpoints } = await tx.execute<{ failing_since: string }>(sql`
      update webhook_endpoints set failing_since = coalesce(failing_since, ${attempt.attemptedAt.toISOString()}::timestamptz)
       where id = ${attempt.job.endpointId}
      returning failing_since`);
    const failingSince = endpoints[0] ? new Date(endpoints[0].failing_since) : null;
    const reason = step.kind === 'endpoint_gone' ? 'GONE' : failingTooLong(failingSince, attempt.endedAt) ? 'FAILING' : undefined;
    if (reason && (await deactivateEndpoint(tx, attempt.job.endpointId, reason, attempt.endedAt))) {
      logger().warn({ endpointId: attempt.job.endpointId, reason, failingSince }, 'webhook endpoint deactivated');
    }
  });
}
