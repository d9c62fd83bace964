import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { Logger, run, runMigrations, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { logger } from '@/lib/platform/logger';
import { pool, separatePool } from '@/lib/platform/db';
import { keepWorkersAlive } from './heartbeat';

const jobLogger = new Logger((scope) => (level, message, meta) => {
  const log = logger();
  const fields = { job: scope.taskIdentifier, jobId: scope.jobId, ...meta };
  if (level === 'error') log.error(fields, message);
  else if (level === 'warning') log.warn(fields, message);
  else log.debug(fields, message);
});

/**
 * graphile-worker's own tables, created or upgraded alongside ours. A queue table churns: eager
 * autovacuum keeps dead rows from slowing every job fetch (measured: 250/s bloated vs 860/s fresh).
 */
export async function migrateJobQueue(pgPool: pg.Pool = pool()): Promise<void> {
  await runMigrations({ pgPool, logger: jobLogger });
  await pgPool.query(`alter table graphile_worker._private_jobs set (
    autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_cost_delay = 0,
    autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000)`);
}

export interface WorkerOptions {
  tasks: TaskList;
  /** graphile-worker crontab lines; safe with several instances (each tick runs once). */
  crontab?: string;
  concurrency?: number;
}

/** Waits between attempts to start the runner again: 0.5 s doubling to at most 5 s. */
const restartDelay = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 5_000);

const workerState = { running: false };

/** Whether this process's job worker is running now (for /readyz): false before start, while restarting and after stop. */
export const jobWorkerRunning = () => workerState.running;

/**
 * Runs queued jobs in this process until stop(). Several instances share the queue safely.
 *
 * graphile-worker reconnects its LISTEN client by itself, but a runner whose job completions keep
 * failing (the database went away mid-batch) shuts itself down. So the runner is supervised: when
 * it ends without stop() having been called it is started again, with backoff, until the database
 * answers. Jobs it held when it died are recovered as after a crash: its pool stops beating and
 * any live worker frees them 15 s later (heartbeat.ts). The returned Runner stays the same object throughout.
 */
export async function startWorker(options: WorkerOptions): Promise<Runner> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const events = new EventEmitter() as WorkerEvents; // one emitter across restarts, so listeners stay attached
  /**
   * graphile-worker's own queries (LISTEN, batched fetch and completion, crontab) go through a pool of
   * their own, sized to the concurrency (plus its own needs) so that graphile-worker's check (which
   * assumes each running job holds a connection) agrees. Tasks never use it: their queries go through the app's pool
   * (DATABASE_POOL_SIZE), where a job waiting on HTTP (most of them: webhooks) holds none. In use it
   * holds 2 connections idle (measured, docs/operations.md), and its LISTEN no longer takes one of the
   * API's connections. It has the same connection and statement timeouts as the app's pool
   * (lib/platform/db/timeouts.ts): a hung database fails its queries, the runner ends, and it is
   * started again once the database answers (below). With DATABASE_POOLER it connects directly
   * (DATABASE_DIRECT_URL), never through the transaction-mode pooler: LISTEN needs a session, and so
   * graphile-worker keeps its named prepared statements (noPreparedStatements stays off).
   */
  const jobPool = separatePool(concurrency + JOB_POOL_OWN_CONNECTIONS, 'collect-jobs');
  // A job held by a process that died runs again within about 20 s (graphile-worker alone: 4 hours).
  const heartbeat = keepWorkersAlive(events, jobPool);
  const start = () =>
    run({
      // jobPool, handing out connections only once each new worker's heartbeat row is written (heartbeat.ts).
      pgPool: heartbeat.pool,
      taskList: options.tasks,
      crontab: options.crontab ?? '',
      concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: jobLogger,
      events,
      // Fetch jobs in batches into a local queue and complete them without delay: measured 870–1,370
      // deliveries/s against 250–860 fetching one job at a time. The ttl stays under the webhook
      // sweep's lease (lib/webhooks/sweep.ts, 150 s), so jobs waiting locally are never mistaken for stuck ones.
      preset: { worker: { localQueue: { size: concurrency * 2, ttl: 30_000 }, completeJobBatchDelay: 0 } },
    });

  let current = await start().catch(async (error: unknown) => {
    await heartbeat.stop();
    await jobPool.end();
    throw error;
  });
  let stopped = false;
  workerState.running = true;
  let restarting: Promise<void> | undefined;
  let resolveStopped!: () => void;
  const stoppedPromise = new Promise<void>((resolve) => (resolveStopped = resolve));

  async function restart(reason: unknown): Promise<void> {
    logger().error({ err: reason }, 'job worker stopped unexpectedly; restarting it');
    for (let attempt = 1; !stopped; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, restartDelay(attempt)));
      if (stopped) return;
      try {
        const runner = await start();
        if (stopped) return void (await runner.stop());
        current = runner;
        watch(runner);
        workerState.running = true;
        logger().info({ attempt }, 'job worker running again');
        return;
      } catch (error) {
        if (attempt === 1 || attempt % 10 === 0) logger().warn({ attempt, cause: (error as Error).message }, 'job worker could not start yet; retrying');
      }
    }
  }

  function watch(runner: Runner): void {
    const ended = (reason: unknown) => {
      if (stopped || runner !== current) return;
      workerState.running = false;
      restarting = restart(reason ?? new Error('the runner ended')).finally(() => (restarting = undefined));
    };
    runner.promise.then(() => ended(undefined), ended);
  }
  watch(current);

  const halt = (how: 'stop' | 'kill') => async (reason?: string) => {
    stopped = true;
    workerState.running = false;
    await restarting;
    try {
      await current[how](reason);
    } finally {
      await heartbeat.stop();
      await jobPool.end().catch(() => undefined);
      resolveStopped();
    }
  };
  return {
    stop: halt('stop'),
    kill: halt('kill'),
    addJob: (...args) => current.addJob(...args),
    promise: stoppedPromise,
    events,
  };
}

/**
 * What graphile-worker itself holds at once besides its jobs: the LISTEN connection (held for good),
 * a batched fetch, a batched completion, a failure or crontab write, and our heartbeat's beat. With
 * less, a worker of concurrency 1 waits forever for a connection its LISTEN holds.
 */
const JOB_POOL_OWN_CONNECTIONS = 5;

/** Above the per-endpoint cap (10), so one slow receiver cannot take every slot. */
const DEFAULT_CONCURRENCY = 40;
