import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each live job worker's last sign of life (lib/platform/jobs/heartbeat.ts): graphile-worker locks a
 * job with its worker's id and frees a dead worker's jobs only after 4 hours; a worker whose beat
 * is older than 15 s is dead, and any live instance frees its jobs at once.
 */
export const jobWorkerHeartbeats = pgTable('job_worker_heartbeats', {
  /** graphile-worker's locked_by: a worker pool's id (local queue) or a worker's id. */
  workerId: text('worker_id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
