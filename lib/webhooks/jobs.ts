import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import type { EarlyReason } from './schema';

export const DELIVER_TASK = 'webhooks.deliver';
export const SWEEP_TASK = 'webhooks.sweep';
/** Our own retries are scheduled by the delivery itself; graphile-worker's only cover a task that threw. */
export const JOB_MAX_ATTEMPTS = 10;

export interface DeliveryJob {
  deliveryId: string;
  endpointId: string;
  /** How many times this job was put back because its endpoint was at capacity. */
  deferrals?: number;
  /** Set when the attempt was brought forward (recorded with the attempt, for the delivery log). */
  scheduledBecause?: EarlyReason;
}

/**
 * SQL that queues (or re-times) the delivery's single job: keyed by the delivery id, so a retry,
 * a redelivery or a deferral replaces the waiting job instead of adding a second one.
 * `runAt` null means now, by the database's clock.
 */
export const deliveryJobSql = (deliveryId: SQL | string, endpointId: SQL | string, runAt: Date | null, deferrals = 0, scheduledBecause: EarlyReason | null = null) => sql`
  graphile_worker.add_job(
    ${DELIVER_TASK},
    json_build_object('deliveryId', (${deliveryId})::uuid, 'endpointId', (${endpointId})::uuid, 'deferrals', ${deferrals}::int, 'scheduledBecause', ${scheduledBecause}::text),
    run_at => ${runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${JOB_MAX_ATTEMPTS},
    job_key => (${deliveryId})::text
  )`;

export async function scheduleDelivery(tx: Queryable, job: DeliveryJob, runAt: Date | null): Promise<void> {
  // A job put back (deferred) keeps why it was brought forward; a retry (no reason given) is on schedule.
  await tx.execute(sql`select ${deliveryJobSql(job.deliveryId, job.endpointId, runAt, job.deferrals ?? 0, job.scheduledBecause ?? null)}`);
}
