import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
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

/** The common case in one statement: the attempt, the delivery done, the endpoint healthy again. */
export async function recordSuccess(attempt: AttemptRecord): Promise<void> {
  await db().execute(sql`
    with attempt as (${insertAttempt(attempt)}),
    delivered as (
      update webhook_deliveries
         set status = case when status = 'PENDING' then 'SUCCEEDED' else status end,
             attempt_count = attempt_count + 1, round_attempts = round_attempts + 1,
             last_attempt_at = ${attempt.attemptedAt.toISOString()}::timestamptz, next_attempt_at = null, attempt_started_at = null
       where id = ${attempt.job.deliveryId}
    ),
    healthy as (
      update webhook_endpoints set failing_since = null where id = ${attempt.job.endpointId} and failing_since is not null
    )
    select 1`);
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
             last_attempt_at = ${attempt.attemptedAt.toISOString()}::timestamptz, attempt_started_at = null
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
    if (step.kind === 'endpoint_gone') await deactivateEndpoint(tx, attempt.job.endpointId, 'GONE', attempt.endedAt);
    else if (failingTooLong(failingSince, attempt.endedAt)) {
      await deactivateEndpoint(tx, attempt.job.endpointId, 'FAILING', attempt.endedAt);
    }
  });
}
