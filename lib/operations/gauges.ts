import { Gauge, type Registry } from 'prom-client';
import { pool, poolStatus } from '@/lib/platform/db';
import { metrics } from '@/lib/platform/metrics';

/**
 * Read at scrape time: the job queue (graphile-worker's own table, one query per scrape) and the
 * connection pool. A failed read leaves the queue gauges empty rather than failing the scrape:
 * collect_job_queue_readable says so, and the database's own state is what /readyz reports.
 */
const QUEUE_STATE = `
  select task.identifier as task,
         count(*) filter (where job.is_available and job.run_at <= now())::int as ready,
         count(*) filter (where job.locked_at is not null)::int as running,
         count(*) filter (where job.is_available and job.run_at > now())::int as scheduled,
         count(*) filter (where job.attempts >= job.max_attempts and job.locked_at is null)::int as failed,
         coalesce(extract(epoch from now() - min(job.run_at) filter (where job.is_available and job.run_at <= now())), 0)::float8 as oldest_ready_seconds
    from graphile_worker._private_jobs job
    join graphile_worker._private_tasks task on task.id = job.task_id
   group by task.identifier`;

const SCRAPE_TIMEOUT_MS = 2_000;

interface QueueRow {
  task: string;
  ready: number;
  running: number;
  scheduled: number;
  failed: number;
  oldest_ready_seconds: number;
}

async function readQueue(): Promise<QueueRow[] | null> {
  if (!poolStatus()) return null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SCRAPE_TIMEOUT_MS)));
    const result = await Promise.race([pool().query<QueueRow>(QUEUE_STATE).then(({ rows }) => rows), timeout]);
    return result;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** prom-client collects every metric at once: the three queue gauges share the one read in flight. */
let inFlight: Promise<QueueRow[] | null> | undefined;
const sharedRead = () => (inFlight ??= readQueue().finally(() => (inFlight = undefined)));

function registerGauges(registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'collect_job_queue_readable',
    help: '1 when the job queue could be read for this scrape, 0 when the database did not answer within 2 s.',
    registers,
    async collect() {
      this.set((await sharedRead()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'collect_job_queue_jobs',
    help: 'graphile-worker jobs by task and state: ready (due, waiting for a worker), running (locked), scheduled (due later), failed (no attempts left).',
    labelNames: ['task', 'state'] as const,
    registers,
    async collect() {
      const rows = await sharedRead();
      this.reset();
      for (const row of rows ?? []) {
        for (const state of ['ready', 'running', 'scheduled', 'failed'] as const) this.set({ task: row.task, state }, row[state]);
      }
    },
  });
  new Gauge({
    name: 'collect_job_queue_oldest_ready_seconds',
    help: 'How long the oldest due job of each task has waited for a worker (0 when none waits).',
    labelNames: ['task'] as const,
    registers,
    async collect() {
      const rows = await sharedRead();
      this.reset();
      for (const row of rows ?? []) this.set({ task: row.task }, row.oldest_ready_seconds);
    },
  });
  new Gauge({
    name: 'collect_db_pool_connections',
    help: "The database pool's connections by state: total (open), idle, waiting (callers queued for one), max (its size).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const status = poolStatus() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
      for (const [state, value] of Object.entries(status)) this.set({ state }, value);
    },
  });
}

const registered = new WeakSet<Registry>();

/** The process's registry with the scrape-time gauges added (once). */
export function operationsRegistry(): Registry {
  const { registry } = metrics();
  if (!registered.has(registry)) {
    registered.add(registry);
    registerGauges(registry);
  }
  return registry;
}
