import type { TaskList } from 'graphile-worker';
import { expireBillsTask } from '@/lib/bills/expire';
import { recoverMissedPaymentsTask } from '@/lib/recovery/job';
import { simulateReversalTask } from '@/lib/reversals/simulator';
import { sweepReversalsTask } from '@/lib/reversals/sweep';
import { stkCheckTask } from '@/lib/stk/check';
import { deliverWebhookTask } from '@/lib/webhooks/deliver';
import { sweepWebhooksTask } from '@/lib/webhooks/sweep';

/** Every background task, by name. Each domain owns its task; this only lists them. */
export const tasks: TaskList = {
  'bills.expire': expireBillsTask,
  'reversals.simulate': simulateReversalTask,
  'stk.check': stkCheckTask,
  'webhooks.deliver': deliverWebhookTask,
  'webhooks.sweep': sweepWebhooksTask,
};

/**
 * Scheduled tasks (graphile-worker crontab: each tick runs once across all instances). Crontab
 * names may not contain dots, so scheduled tasks are also listed under a colon name.
 */
const scheduled = { 'bills:expire': expireBillsTask, 'webhooks:sweep': sweepWebhooksTask, 'rails:recover': recoverMissedPaymentsTask, 'reversals:sweep': sweepReversalsTask };
Object.assign(tasks, scheduled);
export const crontab = Object.keys(scheduled).map((name) => `* * * * * ${name}`).join('\n');
