import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, or } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { storableKey } from '@/lib/platform/text';
import { reverseByRail } from './rail-return';
import { paymentReversals, type ReversalRow } from './schema';
import type { DarajaReversalResultInput } from './schemas';
import { confirmReversal, failReversal, pendingReversalOf } from './settle';

type Result = DarajaReversalResultInput['Result'];

/** ResultParameters.ResultParameter as a map: Daraja sends one object or a list of {Key, Value}. */
export function resultParameters(result: Result): Map<string, string> {
  const raw = result.ResultParameters?.ResultParameter;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return new Map(list.map((item) => [item.Key, item.Value === null || item.Value === undefined ? '' : String(item.Value)]));
}

async function byConversation(result: Result): Promise<ReversalRow | undefined> {
  const ids = [result.OriginatorConversationID, result.ConversationID].filter((id): id is string => Boolean(id)).map(storableKey);
  if (ids.length === 0) return undefined;
  const [row] = await db()
    .select()
    .from(paymentReversals)
    .where(or(...ids.flatMap((id) => [eq(paymentReversals.originatorConversationId, id), eq(paymentReversals.conversationId, id)])));
  return row;
}

/** The reversal waiting for the M-Pesa transaction the Result names, when its ids were not stored yet. */
async function byOriginalTransaction(original: string | undefined): Promise<ReversalRow | undefined> {
  if (!original) return undefined;
  const [payment] = await db().select({ id: payments.id }).from(payments).where(and(eq(payments.rail, 'MPESA'), eq(payments.providerReference, storableKey(original))));
  return payment ? pendingReversalOf(db(), payment.id) : undefined;
}

async function providerReferenceOf(paymentId: string | undefined): Promise<string | undefined> {
  if (!paymentId) return undefined;
  const [payment] = await db().select({ reference: payments.providerReference }).from(payments).where(eq(payments.id, paymentId));
  return payment?.reference;
}

/** Whether a reversal request is between Daraja's acknowledgement and the storing of its ids. */
async function acknowledgementInFlight(): Promise<boolean> {
  const [row] = await db()
    .select({ id: paymentReversals.id })
    .from(paymentReversals)
    .where(and(eq(paymentReversals.status, 'REQUESTED'), eq(paymentReversals.rail, 'MPESA'), isNull(paymentReversals.conversationId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The reversal a Result is about. A failed Result carries only the conversation ids, and may
 * overtake the storing of them by a moment: while some request waits for its ids, look again
 * briefly (a Result for nothing of ours is answered at once).
 */
async function reversalOf(result: Result, original: string | undefined): Promise<ReversalRow | undefined> {
  for (let attempt = 0; ; attempt++) {
    const row = (await byConversation(result)) ?? (await byOriginalTransaction(original));
    if (row || attempt === 3 || !(await acknowledgementInFlight())) return row;
    await sleep(250);
  }
}

/**
 * Daraja's Result for a reversal (ResultURL), or its notice that the request expired in the queue
 * (QueueTimeOutURL). The simulator feeds the same body here. ResultCode 0 confirms; anything else,
 * and every queue timeout, fails it with M-Pesa's words. Settling is exactly once, so a repeated
 * Result changes nothing. A successful Result for a transaction we hold but never asked to reverse
 * (or whose request we lost) is the rail's own reversal and is applied as one.
 */
export async function handleDarajaReversalResult(body: DarajaReversalResultInput, kind: 'result' | 'timeout'): Promise<void> {
  const result = body.Result;
  const parameters = resultParameters(result);
  const original = parameters.get('OriginalTransactionID') || undefined;
  const code = String(result.ResultCode);
  const succeeded = kind === 'result' && code === '0';
  const reversal = await reversalOf(result, original);
  // M-Pesa reversed after all what we had given up on (no answer to our request, say): the money has left.
  const lateSuccess = succeeded && reversal?.status === 'FAILED';
  if (!reversal || lateSuccess) {
    const reference = original ? storableKey(original) : await providerReferenceOf(reversal?.paymentId);
    if (succeeded && reference && result.TransactionID) {
      // A payment we never held is logged, not retried; anything else (the database away) is Daraja's to resend.
      const outcome = await reverseByRail({ rail: 'MPESA', providerReference: reference, railReference: result.TransactionID, reason: result.ResultDesc ?? null }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status < 500) return { status: error.code };
        throw error;
      });
      logger().warn({ original, outcome: outcome.status }, 'M-Pesa reversal we did not ask for (or whose request we lost) applied');
      return;
    }
    logger().warn({ originatorConversationId: result.OriginatorConversationID, resultCode: code, kind }, 'Daraja reversal result for a reversal we do not know');
    return;
  }
  if (succeeded) {
    await confirmReversal(reversal.id, { railReference: result.TransactionID ?? null, resultCode: code });
    return;
  }
  const description = result.ResultDesc?.trim();
  const reason = kind === 'timeout' ? `M-Pesa did not process the reversal in time; nothing was reversed.${description ? ` (${description})` : ''}` : description || `M-Pesa refused the reversal (result code ${code}).`;
  await failReversal(reversal.id, { resultCode: kind === 'timeout' ? `timeout:${code}` : code, reason });
}
