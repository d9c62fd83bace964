import type { TaskList } from 'graphile-worker';
import { expireBillsTask } from '@/lib/bills/expire';

/** Every background task, by name. Each domain owns its task; this only lists them. */
export const tasks: TaskList = {
  'bills.expire': expireBillsTask,
};

/** Scheduled tasks (graphile-worker crontab: each tick runs once across all instances). */
export const crontab = ['* * * * * bills.expire'].join('\n');
