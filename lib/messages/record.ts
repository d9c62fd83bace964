import { sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { enqueue } from '@/lib/platform/jobs/queue';
import { messages, type MessageChannel, type MessageKind, type MessageLanguage } from './schema';
import { smsSize } from './segments';

export const SEND_MESSAGE_TASK = 'messages.send';
/** Attempts before a message is FAILED and waits for a person (graphile-worker backs off exponentially: about 2 h in all). */
export const SEND_ATTEMPTS = 8;

export interface NewMessage {
  merchantId: string;
  subMerchantId: string | null;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  language: MessageLanguage;
  paymentId?: string | null;
  expectedPaymentId?: string | null;
  customerId?: string | null;
  dedupeKey?: string | null;
  requestedBy?: string | null;
}

export const sendJobKey = (messageId: string) => `${SEND_MESSAGE_TASK}:${messageId}`;

export const queueSend = (tx: Queryable, messageId: string) => enqueue(tx, SEND_MESSAGE_TASK, { messageId }, { jobKey: sendJobKey(messageId), maxAttempts: SEND_ATTEMPTS });

/**
 * Records messages and queues their sending in the caller's transaction: they are sent after the
 * commit, by the job queue, and never twice for one dedupe key (a message already recorded under it
 * is left alone). Answers the ones recorded now.
 */
export async function recordMessages(tx: Queryable, rows: NewMessage[]): Promise<(typeof messages.$inferSelect)[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    ...row,
    segments: row.channel === 'SMS' ? smsSize(row.body).segments : null,
  }));
  const inserted = await tx
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.merchantId, messages.dedupeKey], where: sql`${messages.dedupeKey} IS NOT NULL` })
    .returning();
  for (const row of inserted) await queueSend(tx, row.id);
  return inserted;
}
