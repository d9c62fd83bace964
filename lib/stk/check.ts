import type { Task } from 'graphile-worker';
import { enqueue } from '@/lib/platform/jobs/queue';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import type { PromptResult } from './provider';
import { providerFor } from './providers';
import { initiationById } from './queries';
import type { StkRow } from './serialize';
import { settleInitiation } from './settle';

export const STK_CHECK_TASK = 'stk.check';

/**
 * The bounded wait: a first status check STK_TIMEOUT_SECONDS after the prompt, then every half of
 * that, and TIMED_OUT at three times that (3 minutes by default) if the provider still has no answer.
 */
const timeoutMs = () => config().STK_TIMEOUT_SECONDS * 1000;
export const firstCheckAt = (createdAt: Date) => new Date(createdAt.getTime() + timeoutMs());
export const giveUpAt = (createdAt: Date) => new Date(createdAt.getTime() + 3 * timeoutMs());

async function askProvider(row: StkRow, now: Date): Promise<PromptResult | 'pending'> {
  if (!row.checkoutRequestId) return 'pending';
  try {
    return await providerFor(row.provider).query(row.checkoutRequestId, now);
  } catch (error) {
    // An outage is no answer: the next check asks again, and the deadline still holds.
    logger().warn({ initiationId: row.id, err: error }, 'STK status query failed');
    return 'pending';
  }
}

/** One status check of a prompt still waiting; `now` is a parameter so tests need not wait minutes. */
export async function checkPrompt(initiationId: string, now = new Date()): Promise<StkRow | undefined> {
  const row = await initiationById(db(), initiationId);
  if (!row || row.status !== 'PENDING') return row;
  const answer = await askProvider(row, now);
  if (answer !== 'pending') return settleInitiation(row.id, { kind: 'result', result: answer });
  const deadline = giveUpAt(row.createdAt);
  if (now.getTime() >= deadline.getTime()) return settleInitiation(row.id, { kind: 'timed_out' });
  const next = new Date(Math.min(now.getTime() + timeoutMs() / 2, deadline.getTime()));
  await enqueue(db(), STK_CHECK_TASK, { initiationId }, { runAt: next, jobKey: `${STK_CHECK_TASK}:${initiationId}` });
  return row;
}

export const stkCheckTask: Task = async (payload) => {
  const { initiationId } = payload as { initiationId: string };
  await checkPrompt(initiationId);
};
