import { sql } from 'drizzle-orm';
import { db, pool } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { deactivateEndpoint } from './deactivate';
import { scheduleDelivery, type DeliveryJob } from './jobs';
import { failingTooLong, type NextStep } from './schedule';

export interface AttemptRecord {
  job: DeliveryJob;
  attemptedAt: Date;
  endedAt: Date;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

const insertAttempt = (attempt: AttemptRecord) => sql`
  insert into webhook_attempts (delivery_id, attempted_at, response_status, duration_ms, error)
  values (${attempt.job.deliveryId}, ${attempt.attemptedAt.toISOString()}::timestamptz, ${attempt.responseStatus}::int,
          ${attempt.durationMs}::int, ${attempt.error})`;

/**
 * The common case in one named statement: the attempt, the delivery done, the endpoint healthy
 * again. Committed without waiting for the disk (synchronous_commit off, for this transaction
 * only): the job's completion, committed durably right after, flushes the log past this record;
 * if the server dies first, the job is still queued and the attempt is simply made again.
 */
const RECORD_SUCCESS = {
  name: 'webhooks_record_success',
  text: `with durability as (select set_config('synchronous_commit', 'off', true)),
         attempt as (
           insert into webhook_attempts (delivery_id, attempted_at, response_status, duration_ms, error)
           values ($1, $3, $4, $5, null)
         ),
         delivered as (
           update webhook_deliveries
              set status = case when status = 'PENDING' then 'SUCCEEDED' else status end,
                  attempt_count = attempt_count + 1, round_attempts = round_attempts + 1,
                  last_attempt_at = $3, next_attempt_at = null
            where id = $1
         ),
         healthy as (update webhook_endpoints set failing_since = null where id = $2 and failing_since is not null)
         select count(*) from durability`,
};

export async function recordSuccess(attempt: AttemptRecord): Promise<void> {
  await pool().query({
    ...RECORD_SUCCESS,
    values: [attempt.job.deliveryId, attempt.job.endpointId, attempt.attemptedAt, attempt.responseStatus, attempt.durationMs],
  });
}

const statusAfter = (step: NextStep) => (step.kind === 'retry' ? 'PENDING' : 'FAILED');

/**
 * A failed attempt: the next one queued (or the delivery given up), and the endpoint deactivated
 * when it answered 410 or has failed for 5 days without a success.
 */
export async function recordFailure(attempt: AttemptRecord, step: Exclude<NextStep, { kind: 'delivered' }>): Promise<void> {
  const retryAt = step.kind === 'retry' ? step.at.toISOString() : null;
  await db().transaction(async (tx) => {
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
