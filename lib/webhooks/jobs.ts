import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';

export const DELIVER_TASK = 'webhooks.deliver';
export const SWEEP_TASK = 'webhooks.sweep';
/** Our own retries are scheduled by the delivery itself; graphile-worker's only cover a task that threw. */
export const JOB_MAX_ATTEMPTS = 10;

export interface DeliveryJob {
  deliveryId: string;
  endpointId: string;
  /** How many times this job was put back because its endpoint was at capacity. */
  deferrals?: number;
}

/**
 * SQL that queues (or re-times) the delivery's single job: keyed by the delivery id, so a retry,
 * a redelivery or a deferral replaces the waiting job instead of adding a second one.
 * `runAt` null means now, by the database's clock.
 */
export const deliveryJobSql = (deliveryId: SQL | string, endpointId: SQL | string, runAt: Date | null, deferrals = 0) => sql`
  graphile_worker.add_job(
    ${DELIVER_TASK},
    json_build_object('deliveryId', (${deliveryId})::uuid, 'endpointId', (${endpointId})::uuid, 'deferrals', ${deferrals}::int),
    run_at => ${runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${JOB_MAX_ATTEMPTS},
    job_key => (${deliveryId})::text
  )`;

export async function scheduleDelivery(tx: Queryable, job: DeliveryJob, runAt: Date | null): Promise<void> {
  await tx.execute(sql`select ${deliveryJobSql(job.deliveryId, job.endpointId, runAt, job.deferrals ?? 0)}`);
}
