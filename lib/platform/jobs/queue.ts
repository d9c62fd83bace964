import { sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';

export interface JobOptions {
  runAt?: Date;
  /** A job with the same key replaces the pending one instead of queueing a second. */
  jobKey?: string;
  maxAttempts?: number;
  queueName?: string;
}

/**
 * Queues a job on graphile-worker inside the caller's transaction, so the job exists exactly
 * when the change that asked for it was committed.
 */
export async function enqueue(tx: Queryable, task: string, payload: object, options: JobOptions = {}): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${task},
    ${JSON.stringify(payload)}::json,
    queue_name => ${options.queueName ?? null},
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? 25},
    job_key => ${options.jobKey ?? null}
  )`);
}
