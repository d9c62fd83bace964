import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { logger } from '@/lib/platform/logger';
import { freeSilentWorkers, freeUnrecordedWorkers } from './dead-workers';

export { WORKERS_DECLARED_DEAD } from './dead-workers';

/** How often a process says its workers are alive, and frees the jobs of workers that stopped saying so. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/**
 * A worker silent this long is dead. Three missed beats: a process busy enough to miss them all is
 * in trouble anyway, and if it was only slow, its jobs run twice, which graphile-worker's
 * at-least-once contract allows (every task here is written for it).
 */
export const WORKER_DEAD_AFTER_MS = 15_000;
/**
 * The check for jobs held by workers with no heartbeat row at all (dead-workers.ts) scans
 * graphile-worker's whole job table: it waits this many times its last duration before it runs
 * again, so it takes at most 1 % of a database core per instance. Measured (docs/operations.md, "Jobs
 * held by a process that died"): 14 ms at 100,000 queued jobs, so every beat (such a job is free within
 * about 20 s); 300 ms at a million, so every 30 s or so (within about a minute).
 */
export const UNRECORDED_CHECK_SPACING = 100;

const BEAT = {
  name: 'jobs_heartbeat',
  text: `insert into job_worker_heartbeats (worker_id, beat_at) select unnest($1::text[]), now()
         on conflict (worker_id) do update set beat_at = excluded.beat_at`,
};

/**
 * Beats for every worker (and worker pool: with a local queue jobs are locked by the pool's id) this
 * process runs, every 5 s, and frees the jobs of workers of any process, on any instance, that have
 * not beaten for 15 s, or hold a job that long with no heartbeat row at all: a job held by a process
 * that died resumes within about 20 s instead of graphile-worker's 4 hours. Errors (the database
 * away) are logged and the next beat tries again.
 *
 * `pool` is the pool to give graphile-worker: it hands out a connection only once every worker
 * created so far has its heartbeat row, so no job is ever locked by a worker the table does not
 * name (a process killed before its first beat used to hold its job for 4 hours). The row is one
 * insert, the first time a new pool asks for a connection; after that a connection costs nothing more.
 *
 * The beats go through graphile-worker's own pool (`jobPool`), whose connection its polls keep open
 * anyway: through the app's pool they kept one of its connections from ever idling out, a
 * PostgreSQL backend (about 20 MiB resident) held by an idle server for nothing.
 */
export function keepWorkersAlive(events: WorkerEvents, jobPool: pg.Pool): { pool: pg.Pool; stop(): Promise<void> } {
  const alive = new Set<string>();
  const unrecorded = new Set<string>();
  /** Every id this process ran, and whether it has ended cleanly (its jobs done or handed back). */
  const ended = new Map<string, boolean>();
  const settled: Promise<void>[] = [];
  /**
   * An id beats until its pool or worker has finished (its last jobs done or handed back), not
   * merely begun, releasing: a graceful stop waiting on a slow job never looks like a death, and a
   * pool that died (the runner is restarted) stops beating, so its jobs are freed 15 s later.
   */
  const live = (id: string, finished: Promise<void>) => {
    alive.add(id);
    unrecorded.add(id);
    ended.set(id, false);
    const end = (clean: boolean) => () => {
      alive.delete(id);
      unrecorded.delete(id);
      ended.set(id, clean);
    };
    settled.push(finished.then(end(true), end(false)));
  };
  // With a local queue (as startWorker runs it) jobs are locked by the pool's id; worker ids beat too,
  // in case a graphile-worker version locks by them (then they must never look unrecorded).
  events.on('pool:create', ({ workerPool }) => live(workerPool.id, workerPool.promise));
  events.on('worker:create', ({ worker }) => live(worker.workerId, worker.promise));

  let recording: Promise<void> | undefined;
  /** Writes the rows of the workers created since; on failure (the database away) the next caller tries again. */
  const recordNewWorkers = async () => {
    while (unrecorded.size > 0) {
      recording ??= (async () => {
        const ids = [...unrecorded];
        await jobPool.query({ ...BEAT, values: [ids] });
        for (const id of ids) unrecorded.delete(id);
      })().finally(() => (recording = undefined));
      await recording;
    }
  };

  let unrecordedCheckAt = 0;
  const checkUnrecorded = async () => {
    if (Date.now() < unrecordedCheckAt) return;
    const started = Date.now();
    try {
      await freeUnrecordedWorkers(jobPool, WORKER_DEAD_AFTER_MS);
    } finally {
      // Failed too (a statement timeout on a huge table): spaced by what it cost all the same.
      unrecordedCheckAt = Date.now() + UNRECORDED_CHECK_SPACING * (Date.now() - started);
    }
  };

  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      if (alive.size > 0) {
        const ids = [...alive];
        await jobPool.query({ ...BEAT, values: [ids] });
        for (const id of ids) unrecorded.delete(id);
      }
      await freeSilentWorkers(jobPool, WORKER_DEAD_AFTER_MS);
      await checkUnrecorded();
    } catch (error) {
      logger().debug({ err: error }, 'job worker heartbeat failed; trying again at the next beat');
    }
  };
  const beat = () => void (running ??= tick().finally(() => (running = undefined)));
  // A first beat as soon as the pool exists: its row (also written before its first connection, below)
  // and the dead of a crash loop freed without waiting 5 s.
  events.on('pool:create', () => setImmediate(beat));
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  timer.unref();

  return {
    pool: poolAfter(jobPool, recordNewWorkers),
    async stop() {
      clearInterval(timer);
      await running;
      // The runner has stopped, so its pools have finished; this lets their handlers above have run.
      await Promise.race([Promise.all(settled), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      // A worker stopped cleanly has released its jobs: its rows go, so nobody frees anything for it.
      // One that died (or whose stop failed) may still hold some: its row stays to age, and any live
      // instance frees them 15 s later.
      const gone = [...ended].filter(([, clean]) => clean).map(([id]) => id);
      alive.clear();
      if (gone.length > 0) await jobPool.query('delete from job_worker_heartbeats where worker_id = any($1::text[])', [gone]).catch(() => undefined);
    },
  };
}

/**
 * `jobPool` as graphile-worker sees it, except that a connection (the only way it locks a job)
 * waits for `ready` first. Only the promise form: graphile-worker's LISTEN client, taken with a
 * callback, locks nothing and is left as it was; so is everything else the pool does.
 */
function poolAfter(jobPool: pg.Pool, ready: () => Promise<void>): pg.Pool {
  const connect = (...args: unknown[]) => (args.length > 0 ? Reflect.apply(jobPool.connect, jobPool, args) : ready().then(() => jobPool.connect()));
  return new Proxy(jobPool, {
    get(target, property) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...rest: unknown[]) => unknown).bind(target) : value;
    },
  });
}
