import type { Task } from 'graphile-worker';
import { config } from '@/lib/platform/config';
import { logger } from '@/lib/platform/logger';
import { recoverySource } from './daraja-settings';
import { RecoveryBusy } from './errors';
import { recoverMissedPayments } from './recover';
import { lastStartedRun } from './runs';

/** graphile-worker's crontab ticks each minute; this much early still counts as "an interval since". */
const TICK_SLACK_MS = 5_000;

/**
 * Scheduled every minute (crontab: one tick runs once across all instances); it runs when
 * RECOVERY_INTERVAL_SECONDS have passed since the last run started, by the job or an operator.
 * An interval under a minute therefore runs each minute. A failed run is reported in its record
 * and the log, not retried by the queue: the next run works its window again.
 */
export async function runRecoveryIfDue(now = new Date()): Promise<'ran' | 'not_due' | 'not_configured' | 'busy'> {
  const source = recoverySource();
  if (!source) return 'not_configured';
  const last = await lastStartedRun(source);
  if (last && now.getTime() - last.startedAt.getTime() < config().RECOVERY_INTERVAL_SECONDS * 1000 - TICK_SLACK_MS) return 'not_due';
  try {
    await recoverMissedPayments({ trigger: 'JOB', now });
    return 'ran';
  } catch (error) {
    if (error instanceof RecoveryBusy) return 'busy';
    throw error;
  }
}

export const RECOVERY_TASK = 'rails:recover';

export const recoverMissedPaymentsTask: Task = async () => {
  const outcome = await runRecoveryIfDue();
  logger().debug({ outcome }, 'missed-callback recovery tick');
};
