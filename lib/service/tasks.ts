import type { TaskList } from 'graphile-worker';
import { createMonthlyPartitionsTask } from '@/lib/platform/db/partitions';
import { inTurn } from '@/lib/platform/jobs/in-turn';
import { expireBillsTask } from '@/lib/bills/expire';
import { recoverMissedPaymentsTask } from '@/lib/recovery/job';
import { simulateReversalTask } from '@/lib/reversals/simulator';
import { scheduleSettlementsTask } from '@/lib/settlement/scheduler';
import { sendDarajaPayoutTask } from '@/lib/settlement/payouts/daraja-send';
import { simulatePayoutTask } from '@/lib/settlement/payouts/simulator';
import { sweepPayoutsTask } from '@/lib/settlement/payouts/sweep';
import { SEND_DARAJA_PAYOUT_TASK, SIMULATE_PAYOUT_TASK } from '@/lib/settlement/payouts/timing';
import { sweepReversalsTask } from '@/lib/reversals/sweep';
import { stkCheckTask } from '@/lib/stk/check';
import { RECEIPT_TASK, receiptTask } from '@/lib/messages/receipt';
import { SEND_MESSAGE_TASK } from '@/lib/messages/record';
import { sendRemindersTask } from '@/lib/messages/reminders';
import { sendMessageTask } from '@/lib/messages/send-job';
import { deliverWebhookTask } from '@/lib/webhooks/deliver';
import { sweepWebhooksTask } from '@/lib/webhooks/sweep';

/** Every background task, by name. Each domain owns its task; this only lists them. */
export const tasks: TaskList = {
  'bills.expire': expireBillsTask,
  'reversals.simulate': simulateReversalTask,
  [SIMULATE_PAYOUT_TASK]: simulatePayoutTask,
  [SEND_DARAJA_PAYOUT_TASK]: sendDarajaPayoutTask,
  'stk.check': stkCheckTask,
  'webhooks.deliver': deliverWebhookTask,
  'webhooks.sweep': sweepWebhooksTask,
  [RECEIPT_TASK]: receiptTask,
  [SEND_MESSAGE_TASK]: sendMessageTask,
};

/**
 * Scheduled sweeps, each minute (graphile-worker crontab: each tick runs once across all instances),
 * one after another in a single job so that they share one database connection (inTurn); the
 * quick ones first, recovery (which may wait on M-Pesa) last. Each is also a task of its own under
 * its former crontab name, so that a job queued by an earlier version still runs.
 * `partitions:extend` makes the coming months' partitions (migration 0034, docs/scaling.md "Partitioning").
 */
const scheduled = { 'partitions:extend': createMonthlyPartitionsTask, 'webhooks:sweep': sweepWebhooksTask, 'bills:expire': expireBillsTask, 'reversals:sweep': sweepReversalsTask, 'payouts:sweep': sweepPayoutsTask, 'settlements:schedule': scheduleSettlementsTask, 'messages:reminders': sendRemindersTask, 'rails:recover': recoverMissedPaymentsTask };
export const SCHEDULED_SWEEPS_TASK = 'scheduled:sweeps';
Object.assign(tasks, scheduled, { [SCHEDULED_SWEEPS_TASK]: inTurn(scheduled) });
export const crontab = `* * * * * ${SCHEDULED_SWEEPS_TASK}`;
