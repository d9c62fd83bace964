import { EventEmitter } from 'node:events';
import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keepWorkersAlive } from '@/lib/platform/jobs/heartbeat';

describe('the job workers’ heartbeat', () => {
  /**
   * Through the app's pool, a beat every 5 s kept one of its connections from ever reaching the
   * 10 s idle timeout: an idle server held a PostgreSQL backend for nothing. It goes through the
   * pool it is given, graphile-worker's own.
   */
  it('beats and frees the dead through the pool it is given', async () => {
    const queries: string[] = [];
    const jobPool = { query: async (query: { name?: string } | string) => (queries.push(typeof query === 'string' ? query : (query.name ?? '')), { rows: [] }) } as unknown as pg.Pool;
    const events = new EventEmitter() as WorkerEvents;
    const heartbeat = keepWorkersAlive(events, jobPool);
    let finish!: () => void;
    events.emit('pool:create', { workerPool: { id: 'pool-1', promise: new Promise<void>((resolve) => (finish = resolve)) } } as never);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toEqual(['jobs_heartbeat', 'jobs_free_dead_workers', 'jobs_free_unrecorded_workers']);
    finish();
    await heartbeat.stop();
    expect(queries.at(-1)).toContain('delete from job_worker_heartbeats');
  });
});
