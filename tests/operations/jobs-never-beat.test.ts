import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { until } from './support';
import { parseConfig, setConfig } from '@/lib/platform/config';
import { closePool, db, useDatabaseUrl } from '@/lib/platform/db';
import { HEARTBEAT_INTERVAL_MS, WORKER_DEAD_AFTER_MS } from '@/lib/platform/jobs/heartbeat';
import { startWorker } from '@/lib/platform/jobs/worker';

/**
 * graphile-worker frees a job whose worker died only after 4 hours; the heartbeat frees it within
 * about 20 s once the worker's row is 15 s old (webhooks-heal.test.ts). These are the workers with
 * no row at all: killed before their first beat landed (docs/operations.md, "Jobs held by a process
 * that died").
 */
const workers: Runner[] = [];
beforeAll(() => {
  setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: inject('testDataDir') }));
  useDatabaseUrl(inject('databaseUrl'));
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await closePool();
});

/** Each test's own task name: no other worker (another file's, another test's) can run its jobs. */
const taskName = (label: string) => `operations.never-beat.${label}.${Date.now()}`;

/** A task that counts its runs; every job of these tests must run exactly once. */
function countingTask() {
  const runs: number[] = [];
  return { runs, task: async () => void runs.push(Date.now()) };
}

async function queueJob(task: string): Promise<void> {
  await db().execute(sql`select graphile_worker.add_job(${task}, '{}'::json, job_key => ${task})`);
}

async function jobOf(task: string): Promise<{ locked_by: string | null; locked_at: string | null } | undefined> {
  const { rows } = await db().execute<{ locked_by: string | null; locked_at: string | null }>(
    sql`select locked_by, locked_at from graphile_worker.jobs where task_identifier = ${task}`,
  );
  return rows[0];
}

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a job worker with no heartbeat row', () => {
  it('holding a job (killed before its first beat landed) has it run again, once, by a live worker about 20 s after the lock and not before 15 s', async () => {
    const task = taskName('imitated');
    const { runs, task: run } = countingTask();
    // A process killed in its first milliseconds: it locked the job as graphile-worker's fetch does
    // (locked_by its pool's id, locked_at, one attempt used) and died before any heartbeat row.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select graphile_worker.add_job(${task}, '{}'::json, job_key => ${task})`);
      await tx.execute(sql`update graphile_worker._private_jobs
                              set locked_by = 'pool-killed-before-its-first-beat', locked_at = now(), attempts = attempts + 1
                            where key = ${task}`);
    });
    const locked = new Date((await jobOf(task))!.locked_at!).getTime();

    // Two live instances' workers: both look for such jobs, the job still runs once.
    const instances = [await startWorker({ tasks: { [task]: run }, concurrency: 2 }), await startWorker({ tasks: { [task]: run }, concurrency: 2 })];
    try {
      await until(async () => runs.length > 0, WORKER_DEAD_AFTER_MS + 3 * HEARTBEAT_INTERVAL_MS);
      const resumedAfter = runs[0]! - locked;
      console.log(`a job locked by a worker that never beat ran ${resumedAfter} ms after it was locked`);
      expect(resumedAfter).toBeGreaterThanOrEqual(WORKER_DEAD_AFTER_MS - 1_000); // Node's and PostgreSQL's clocks read a little apart
      expect(resumedAfter).toBeLessThan(WORKER_DEAD_AFTER_MS + HEARTBEAT_INTERVAL_MS + 5_000); // the last beat's lateness on a busy machine
      await until(async () => (await jobOf(task)) === undefined, 5_000);
      expect(runs).toHaveLength(1);
    } finally {
      // Stopped here: the next test locks the heartbeat table, which their beats would wait on.
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  }, 60_000);

  it('never holds a job: a new worker locks none before its row is written, so one killed first leaves its job free at once', async () => {
    const task = taskName('child');
    // The heartbeat table locked against writes: a child's rows cannot land, as if it were killed
    // before its first beat reached the database.
    const blocker = new pg.Client({ connectionString: inject('databaseUrl') });
    await blocker.connect();
    let child: ChildProcess | undefined;
    try {
      await blocker.query('begin');
      await blocker.query('lock table job_worker_heartbeats in share mode');
      child = spawn(process.execPath, [compiledEntry('tests/operations/jobs-child.ts'), task], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, TEST_DATABASE_URL: inject('databaseUrl'), TEST_DATA_DIR: inject('testDataDir') },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      expect(await new Promise((resolve) => createInterface({ input: child!.stdout! }).once('line', resolve))).toBe('ready');
      await queueJob(task);
      // The child's beat is waiting on the table: from here, any lock it takes is a lock with no row.
      const blockerPid = (await blocker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      // Read outside the blocker's transaction, which would see one cached snapshot of pg_stat_activity.
      const waitingBeats = async () =>
        (await db().execute<{ pid: number }>(sql`select pid from pg_stat_activity where ${blockerPid}::int = any(pg_blocking_pids(pid))`)).rows.map((row) => row.pid);
      await until(async () => (await waitingBeats()).length > 0, 10_000);
      // Long enough for a worker that polls every second (and was nudged by the new job) to take it.
      const watched = Date.now();
      while (Date.now() - watched < 3_000) {
        expect((await jobOf(task))?.locked_by ?? null).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await killed(child);
      // The beats in flight die with the process: a killed process's query that never ran must not run later.
      for (const pid of await waitingBeats()) await db().execute(sql`select pg_terminate_backend(${pid}::int)`);
    } finally {
      if (child) await killed(child);
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }

    const { runs, task: run } = countingTask();
    const started = Date.now();
    workers.push(await startWorker({ tasks: { [task]: run }, concurrency: 1 }));
    await until(async () => runs.length > 0, 5_000);
    console.log(`a job left by a worker killed before its first beat ran ${runs[0]! - started} ms after a live worker started`);
    await until(async () => (await jobOf(task)) === undefined, 5_000);
    expect(runs).toHaveLength(1);
  }, 60_000);
});
