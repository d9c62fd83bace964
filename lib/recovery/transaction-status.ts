import { and, eq, gt } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { ask, refusal } from './daraja-call';
import { initiator, publicOrigin, pullSettings } from './daraja-settings';
import { RecoveryError } from './errors';
import type { PulledTransaction } from './pulled';
import { listedText } from './record-pulled';
import { railStatusQueries } from './schema';

export const TRANSACTION_STATUS_PATH = '/mpesa/transactionstatus/v1/query';
/** Where Daraja posts the result (and the queue timeout): no "mpesa" in the path, as for every Daraja URL. */
export const STATUS_RESULT_PATH = '/rails/daraja/transaction-status/result';
export const STATUS_TIMEOUT_PATH = '/rails/daraja/transaction-status/timeout';

export type StatusQueryRow = typeof railStatusQueries.$inferSelect;

/** A question about this receipt already waiting for its answer (asked within the hour): not asked twice. */
async function pendingQuery(receipt: string) {
  const [row] = await db()
    .select()
    .from(railStatusQueries)
    .where(and(eq(railStatusQueries.receipt, receipt), eq(railStatusQueries.status, 'PENDING'), gt(railStatusQueries.createdAt, new Date(Date.now() - 3_600_000))))
    .limit(1);
  return row;
}

/**
 * Asks Daraja's Transaction Status about one receipt. Daraja acknowledges at once and posts the
 * result later to our ResultURL (transaction-status-result.ts records it). The row's id travels
 * as the Occasion, so a result is found even if it arrives before the acknowledgement is stored.
 */
export async function askTransactionStatus(receipt: string, options: { runId?: string; pulled?: PulledTransaction } = {}): Promise<StatusQueryRow> {
  const waiting = await pendingQuery(receipt);
  if (waiting) return waiting;
  const settings = pullSettings();
  const who = initiator();
  const [row] = await db()
    .insert(railStatusQueries)
    .values({ receipt, runId: options.runId, pulled: options.pulled ? JSON.parse(listedText(options.pulled)) : null })
    .returning();
  const token = encodeURIComponent(await mpesaCallbackSecret());
  const base = `${publicOrigin()}/api/v1`;
  try {
    const answer = await ask(settings, TRANSACTION_STATUS_PATH, {
      Initiator: who.name,
      SecurityCredential: who.credential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: receipt,
      PartyA: config().PAYBILL_NUMBER,
      IdentifierType: '4',
      ResultURL: `${base}${STATUS_RESULT_PATH}?token=${token}`,
      QueueTimeOutURL: `${base}${STATUS_TIMEOUT_PATH}?token=${token}`,
      Remarks: 'Missed callback recovery',
      Occasion: row!.id,
    });
    if (answer.status !== 200 || String(answer.body.ResponseCode ?? '') !== '0') throw refusal('the Transaction Status query', answer);
    const [updated] = await db()
      .update(railStatusQueries)
      .set({ originatorConversationId: String(answer.body.OriginatorConversationID ?? ''), conversationId: String(answer.body.ConversationID ?? '') })
      .where(eq(railStatusQueries.id, row!.id))
      .returning();
    return updated!;
  } catch (error) {
    const message = error instanceof RecoveryError ? error.message : 'unexpected error';
    logger().warn({ receipt, queryId: row!.id, err: error instanceof RecoveryError ? undefined : error }, `Transaction Status query not sent: ${message}`);
    await db().update(railStatusQueries).set({ status: 'FAILED', resultDesc: message, finishedAt: new Date() }).where(eq(railStatusQueries.id, row!.id));
    throw error;
  }
}
