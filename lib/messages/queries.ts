import { and, eq, inArray } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import type { Principal } from '@/lib/api/principal';
import { visibleTo } from '@/lib/api/scope';
import { recordAudit } from '@/lib/audit/record';
import { db } from '@/lib/platform/db';
import { queueSend } from './record';
import { messages } from './schema';
import type { MessageListFilters } from './schemas';
import type { MessageRow } from './serialize';

export async function listMessages(principal: Principal, filters: MessageListFilters, options: { outboxOnly?: boolean } = {}): Promise<MessageRow[]> {
  return db()
    .select()
    .from(messages)
    .where(
      and(
        visibleTo(principal, messages),
        options.outboxOnly ? eq(messages.status, 'OUTBOX') : filters.status ? eq(messages.status, filters.status) : undefined,
        filters.expectedPaymentId ? eq(messages.expectedPaymentId, filters.expectedPaymentId) : undefined,
        afterCursor(filters.cursor, messages.createdAt, messages.id),
      ),
    )
    .orderBy(...newestFirst(messages.createdAt, messages.id))
    .limit(filters.limit + 1);
}

export async function getMessage(principal: Principal, messageId: string): Promise<MessageRow> {
  const [row] = await db().select().from(messages).where(and(eq(messages.id, messageId), visibleTo(principal, messages)));
  if (!row) throw notFound('The message');
  return row;
}

/**
 * Sends a FAILED (or still RETRYING) message again now: back to QUEUED with a fresh job. A message
 * that was sent, or kept in the outbox, is not sent twice (409).
 */
export async function retryMessage(principal: Principal, messageId: string): Promise<MessageRow> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ status: 'QUEUED', updatedAt: new Date() })
      .where(and(eq(messages.id, messageId), visibleTo(principal, messages), inArray(messages.status, ['FAILED', 'RETRYING'])))
      .returning();
    if (!row) {
      await getMessage(principal, messageId); // 404 when it is not the caller's
      throw new ApiError(409, 'message_not_failed', 'Message not failed', 'Only a message that failed (FAILED or RETRYING) can be sent again.');
    }
    await queueSend(tx, row.id);
    await recordAudit(tx, { action: 'message.retried', target: { type: 'message', id: row.id }, summary: `${row.channel} ${row.kind.toLowerCase().replace('_', ' ')} queued again.` });
    return row;
  });
}
