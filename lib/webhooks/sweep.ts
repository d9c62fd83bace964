import type { Task } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { systemClock, type Clock } from './clock';
import { deliveryJobSql } from './jobs';

const BATCH = 500;

/** An attempt still marked in flight after this long was cut off by its process dying. */
export const attemptLeaseMs = () => (2 * config().WEBHOOK_TIMEOUT_SECONDS + 30) * 1000;

/**
 * graphile-worker frees the job of a dead process only after 4 hours; this (run every minute
 * from the crontab) queues such deliveries again at once, so a crash mid-attempt delays a
 * webhook by about a minute. At least once: the cut-off attempt may have reached the receiver.
 */
export async function sweepAbandonedAttempts(clock: Clock = systemClock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - attemptLeaseMs());
  const { rows } = await db().execute<{ requeued: number }>(sql`
    with stale as (
      update webhook_deliveries set attempt_started_at = null
       where id in (select id from webhook_deliveries
                     where attempt_started_at < ${cutoff.toISOString()}::timestamptz
                     order by attempt_started_at limit ${BATCH} for update skip locked)
      returning id, endpoint_id, status
    )
    select count(*)::int as requeued
      from (select id, endpoint_id from stale where status = 'PENDING') pending,
           lateral ${deliveryJobSql(sql`pending.id`, sql`pending.endpoint_id`, null)} as job`);
  return rows[0]?.requeued ?? 0;
}

export const sweepWebhooksTask: Task = async () => {
  await sweepAbandonedAttempts();
};
