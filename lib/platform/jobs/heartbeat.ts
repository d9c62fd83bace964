import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { logger } from '@/lib/platform/logger';

/** How often a process says its workers are alive, and frees the jobs of workers that stopped saying so. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/**
 * A worker silent this long is dead. Three missed beats: a process busy enough to miss them all is
 * in trouble anyway, and if it was only slow, its jobs run twice, which graphile-worker's
 * at-least-once contract allows (every task here is written for it).
 */
export const WORKER_DEAD_AFTER_MS = 15_000;

/** The warning of a process that freed other workers' jobs (they run again: a webhook may go twice). */
export const WORKERS_DECLARED_DEAD = 'job workers stopped beating; their jobs are free to run again';

const BEAT = {
  name: 'jobs_heartbeat',
  text: `insert into job_worker_heartbeats (worker_id, beat_at) select unnest($1::text[]), now()
         on conflict (worker_id) do update set beat_at = excluded.beat_at`,
};

/**
 * The dead workers' rows are taken (one instance gets each) and their jobs and named queues unlocked
 * with graphile-worker's own force_unlock_workers; HAVING keeps it from running (a scan of the job
 * table) when nobody died.
 */
const FREE_THE_DEAD = {
  name: 'jobs_free_dead_workers',
  text: `with dead as (
           delete from job_worker_heartbeats where beat_at < now() - make_interval(secs => $1::float8) returning worker_id
         )
         select array_agg(worker_id) as workers, graphile_worker.force_unlock_workers(array_agg(worker_id))::text
           from dead having count(*) > 0`,
};

/**
 * Beats for every worker (and worker pool: with a local queue jobs are locked by the pool's id) this
 * process runs, every 5 s, and frees the jobs of workers of any process, on any instance, that have
 * not beaten for 15 s: a job held by a process that died resumes within about 20 s instead of
 * graphile-worker's 4 hours. Errors (the database away) are logged and the next beat tries again.
 *
 * The beats go through graphile-worker's own pool (`jobPool`), whose connection its polls keep open
 * anyway: through the app's pool they kept one of its connections from ever idling out, a
 * PostgreSQL backend (about 20 MiB resident) held by an idle server for nothing.
 */
export function keepWorkersAlive(events: WorkerEvents, jobPool: pg.Pool): { stop(): Promise<void> } {
  const alive = new Set<string>();
  const seen = new Set<string>();
  /**
   * An id beats until its pool or worker has finished (its last jobs done or handed back), not
   * merely begun, releasing: a graceful stop waiting on a slow job never looks like a death, and a
   * pool that died (the runner is restarted) stops beating, so its jobs are freed 15 s later.
   */
  const live = (id: string, finished: Promise<void>) => {
    alive.add(id);
    seen.add(id);
    const end = () => void alive.delete(id);
    finished.then(end, end);
  };
  // With a local queue (as startWorker runs it) jobs are locked by the pool's id; otherwise by a worker's.
  events.on('pool:create', ({ workerPool }) => live(workerPool.id, workerPool.promise));
  events.on('worker:create', ({ worker }) => live(worker.workerId, worker.promise));

  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      if (alive.size > 0) await jobPool.query({ ...BEAT, values: [[...alive]] });
      const { rows } = await jobPool.query<{ workers: string[] }>({ ...FREE_THE_DEAD, values: [WORKER_DEAD_AFTER_MS / 1000] });
      if (rows[0]) logger().warn({ workers: rows[0].workers }, WORKERS_DECLARED_DEAD);
    } catch (error) {
      logger().debug({ err: error }, 'job worker heartbeat failed; trying again at the next beat');
    }
  };
  const beat = () => void (running ??= tick().finally(() => (running = undefined)));
  // The first beat as soon as the pool exists, so that a job locked at once is never ownerless.
  events.on('pool:create', () => setImmediate(beat));
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      // A worker stopped cleanly has released its jobs: its rows go, so nobody frees anything for it.
      const gone = [...seen];
      alive.clear();
      if (gone.length > 0) await jobPool.query('delete from job_worker_heartbeats where worker_id = any($1::text[])', [gone]).catch(() => undefined);
    },
  };
}
