import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { deliver } from './deliver';
import { messages } from './schema';

/**
 * Sends one recorded message (job `messages.send`). A temporary failure (a timeout, a 5xx, a
 * balance to top up) is recorded as RETRYING and thrown, so that graphile-worker tries again with
 * its back-off; the last attempt, and a refusal that would repeat (an invalid number), end FAILED
 * without throwing, so that the job is gone and the portal's Retry can queue a fresh one.
 */
export const sendMessageTask: Task = async (payload, helpers) => {
  const { messageId } = payload as { messageId: string };
  const [message] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), inArray(messages.status, ['QUEUED', 'RETRYING'])));
  if (!message) return; // Sent, kept in the outbox, or failed for good already: nothing to do.

  const outcome = await deliver(message);
  const attempts = sql`${messages.attempts} + 1`;
  const now = new Date();
  if (outcome.kind === 'sent') {
    await db().update(messages).set({ status: 'SENT', attempts, sentAt: now, updatedAt: now, lastError: null, providerMessageId: outcome.providerMessageId, providerCost: outcome.cost }).where(eq(messages.id, messageId));
    return;
  }
  if (outcome.kind === 'outbox') {
    await db().update(messages).set({ status: 'OUTBOX', attempts, sentAt: now, updatedAt: now, lastError: null }).where(eq(messages.id, messageId));
    return;
  }
  const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
  const status = outcome.kind === 'final' || lastAttempt ? 'FAILED' : 'RETRYING';
  await db().update(messages).set({ status, attempts, updatedAt: now, lastError: outcome.error }).where(eq(messages.id, messageId));
  logger().warn({ messageId, channel: message.channel, status, attempt: helpers.job.attempts }, 'message not sent');
  if (status === 'RETRYING') throw new Error(outcome.error);
};
