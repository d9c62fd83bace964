import type { Task } from 'graphile-worker';
import { logger } from '@/lib/platform/logger';

/**
 * One task that runs `tasks` one after another, in the order given, for scheduled sweeps that
 * share a tick. Run as separate jobs at the same second they each took a database connection at
 * once, and each connection a PostgreSQL backend (about 20 MiB resident) that then idled for 10 s:
 * an idle server's memory rose by a third every minute (docs/benchmarks.md, "Memory and start").
 * In turn they share one. A sweep that fails is logged and does not keep the others from running;
 * the next tick is its retry (each sweep works whatever is due then), so the job itself succeeds.
 */
export function inTurn(tasks: Record<string, Task>): Task {
  return async (payload, helpers) => {
    for (const [name, task] of Object.entries(tasks)) {
      try {
        await task(payload, helpers);
      } catch (error) {
        logger().error({ err: error, sweep: name }, 'a scheduled sweep failed; the next tick runs it again');
      }
    }
  };
}
