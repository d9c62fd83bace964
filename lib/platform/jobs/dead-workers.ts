import type pg from 'pg';
import { logger } from '@/lib/platform/logger';

/** The warning of a process that freed other workers' jobs (they run again: a webhook may go twice). */
export const WORKERS_DECLARED_DEAD = 'job workers stopped beating; their jobs are free to run again';

/**
 * The dead workers' rows are taken (one instance gets each) and their jobs and named queues unlocked
 * with graphile-worker's own force_unlock_workers; HAVING keeps it from running (a scan of the job
 * table) when nobody died.
 */
const FREE_THE_SILENT = {
  name: 'jobs_free_dead_workers',
  text: `with dead as (
           delete from job_worker_heartbeats where beat_at < now() - make_interval(secs => $1::float8) returning worker_id
         )
         select array_agg(worker_id) as workers, graphile_worker.force_unlock_workers(array_agg(worker_id))::text
           from dead having count(*) > 0`,
};

/**
 * Jobs (and named queues) locked longer than the dead-worker limit by a worker with no heartbeat row
 * at all: one that never beat (killed before its first beat, a process of an older version whose
 * first beat was not awaited), or whose row went while it still held jobs. A live worker's row is
 * written before it can lock anything (heartbeat.ts) and stays fresh, so it is never among them.
 *
 * graphile-worker's job table has no index on locked_by or locked_at (its indexes cover available
 * jobs only), so this is a sequential scan of the whole table (14 ms at 100,000 jobs, 300 ms at a
 * million: docs/operations.md, "Jobs held by a process that died"); heartbeat.ts spaces it by its cost. The
 * transaction-level advisory lock keeps two instances from scanning and freeing at the same time
 * (the second skips its turn); force_unlock_workers re-checks locked_by on each row it updates, so
 * a job freed and taken again by a live worker meanwhile is left alone.
 */
const FREE_THE_UNRECORDED = {
  name: 'jobs_free_unrecorded_workers',
  text: `with held as (
           select locked_by from graphile_worker._private_jobs
            where locked_at < now() - make_interval(secs => $1::float8) and locked_by is not null
           union
           select locked_by from graphile_worker._private_job_queues
            where locked_at < now() - make_interval(secs => $1::float8) and locked_by is not null
         ), unrecorded as (
           select array_agg(locked_by) as workers from held
            where not exists (select 1 from job_worker_heartbeats where worker_id = held.locked_by)
         )
         select workers, graphile_worker.force_unlock_workers(workers)::text
           from unrecorded where workers is not null and pg_try_advisory_xact_lock(hashtext('collect.jobs.free-unrecorded-workers'))`,
};

/** Frees the jobs of every worker, of any process on any instance, whose heartbeat row is `deadAfterMs` old. */
export async function freeSilentWorkers(jobPool: pg.Pool, deadAfterMs: number): Promise<string[]> {
  const { rows } = await jobPool.query<{ workers: string[] }>({ ...FREE_THE_SILENT, values: [deadAfterMs / 1000] });
  if (rows[0]) logger().warn({ workers: rows[0].workers, why: 'heartbeat too old' }, WORKERS_DECLARED_DEAD);
  return rows[0]?.workers ?? [];
}

/** Frees the jobs of every worker that has held one for `deadAfterMs` without any heartbeat row. */
export async function freeUnrecordedWorkers(jobPool: pg.Pool, deadAfterMs: number): Promise<string[]> {
  const { rows } = await jobPool.query<{ workers: string[] }>({ ...FREE_THE_UNRECORDED, values: [deadAfterMs / 1000] });
  if (rows[0]) logger().warn({ workers: rows[0].workers, why: 'no heartbeat on record' }, WORKERS_DECLARED_DEAD);
  return rows[0]?.workers ?? [];
}
