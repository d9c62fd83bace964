import type { Task } from 'graphile-worker';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { DELIVER_TASK, deliveryJobSql } from './jobs';
import { RECORDING_PATIENCE_MS } from './record-patiently';

const BATCH = 500;

/**
 * A delivery job locked this long belongs to a dead process: an attempt sends within twice the
 * timeout (one retry on a stale kept-alive socket), a minute more covers a job waiting in
 * graphile-worker's local queue, should it be enabled with a ttl under a minute, and then its
 * outcome may take RECORDING_PATIENCE_MS to be recorded (a slow database): a live attempt is never
 * taken for an abandoned one and sent again.
 */
export const attemptLeaseMs = () => (2 * config().WEBHOOK_TIMEOUT_SECONDS + 60) * 1000 + RECORDING_PATIENCE_MS;

/**
 * graphile-worker frees the job of a dead process only after 4 hours. The workers' heartbeats
 * (lib/platform/jobs/heartbeat.ts) free it within about 20 s, and a holder with no heartbeat row
 * within a minute; this is the last fallback (a runner outside startWorker, a graphile-worker that
 * locks differently). It (every minute, from the crontab) queues such deliveries again at once
 * under the same key, which retires the dead job, so a crash mid-attempt delays a webhook by about
 * three minutes at most. At least once: the cut-off
 * attempt may have reached the receiver. `task` is for tests that run deliveries under another name.
 */
export async function sweepAbandonedAttempts(options: { olderThanMs?: number; task?: string } = {}): Promise<number> {
  const olderThanSeconds = (options.olderThanMs ?? attemptLeaseMs()) / 1000;
  const { rows } = await db().execute<{ requeued: number }>(sql`
    select count(*)::int as requeued
      from (select delivery.id, delivery.endpoint_id
              from graphile_worker.jobs job
              join webhook_deliveries delivery
                -- The guard keeps other tasks' keys from reaching the cast; the primary key index stays usable.
                on delivery.id = case when job.key ~ '^[0-9a-f-]{36}$' then job.key::uuid end
             where job.task_identifier = ${options.task ?? DELIVER_TASK}
               and job.locked_at < now() - make_interval(secs => ${olderThanSeconds})
             limit ${BATCH}) abandoned,
           lateral ${deliveryJobSql(sql`abandoned.id`, sql`abandoned.endpoint_id`, null)} as requeued_job`);
  return rows[0]?.requeued ?? 0;
}

export const sweepWebhooksTask: Task = async () => {
  await sweepAbandonedAttempts();
};
