import { Logger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import { logger } from '@/lib/platform/logger';
import { pool } from '@/lib/platform/db';

const jobLogger = new Logger((scope) => (level, message, meta) => {
  const log = logger();
  const fields = { job: scope.taskIdentifier, jobId: scope.jobId, ...meta };
  if (level === 'error') log.error(fields, message);
  else if (level === 'warning') log.warn(fields, message);
  else log.debug(fields, message);
});

/** graphile-worker's own tables, created or upgraded alongside ours. */
export const migrateJobQueue = () => runMigrations({ pgPool: pool(), logger: jobLogger });

export interface WorkerOptions {
  tasks: TaskList;
  /** graphile-worker crontab lines; safe with several instances (each tick runs once). */
  crontab?: string;
  concurrency?: number;
}

/** Runs queued jobs in this process until stop(). Several instances share the queue safely. */
export async function startWorker(options: WorkerOptions): Promise<Runner> {
  return run({
    pgPool: pool(),
    taskList: options.tasks,
    crontab: options.crontab ?? '',
    concurrency: options.concurrency ?? 10,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: jobLogger,
  });
}
