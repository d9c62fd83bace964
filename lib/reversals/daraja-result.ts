import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, or } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { readRailAmount } from '@/lib/money/rail-amount';
import { formatMoney, toUnits } from '@/lib/money/decimal';
import { storableKey } from '@/lib/platform/text';
import { DarajaAccountResult, darajaText, keyValues, resultCodeText, sentText } from '@/lib/rails/daraja-result';
import { reverseByRail } from './rail-return';
import { paymentReversals, type ReversalRow } from './schema';
import type { DarajaReversalResultInput } from './schemas';
import { confirmReversal, failReversal, pendingReversalOf } from './settle';
import { paymentWithId } from '@/lib/payments/by-id';
import { paymentWithReference } from '@/lib/payments/by-reference';

type Result = DarajaReversalResultInput['Result'];
/** The fields a Result (or a queue-timeout notice) is matched by; every one optional. */
type Ids = Pick<Result, 'OriginatorConversationID' | 'ConversationID'>;

async function byConversation(result: Ids): Promise<ReversalRow | undefined> {
  const ids = [darajaText(result.OriginatorConversationID), darajaText(result.ConversationID)].filter(Boolean).map(storableKey);
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
  const whereReference = await paymentWithReference(db(), 'MPESA', storableKey(original));
  const [payment] = whereReference ? await db().select({ id: payments.id }).from(payments).where(whereReference) : [];
  return payment ? pendingReversalOf(db(), payment.id) : undefined;
}

async function providerReferenceOf(paymentId: string | undefined): Promise<string | undefined> {
  if (!paymentId) return undefined;
  const [payment] = await db().select({ reference: payments.providerReference }).from(payments).where(paymentWithId(paymentId));
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
async function reversalOf(result: Ids, original: string | undefined): Promise<ReversalRow | undefined> {
  for (let attempt = 0; ; attempt++) {
    const row = (await byConversation(result)) ?? (await byOriginalTransaction(original));
    if (row || attempt === 3 || !(await acknowledgementInFlight())) return row;
    await sleep(250);
  }
}

/**
 * Why a successful Result cannot be applied to this payment as it stands: M-Pesa names an amount
 * other than the payment's (or none we can read). We reverse only whole payments, so applying it
 * would put the ledger out of step with the money either way (docs/reconciliation.md).
 */
function amountMismatch(parameters: Map<string, unknown>, payment: { amount: string; currency: string }): string | undefined {
  const named = parameters.get('Amount');
  const read = readRailAmount(named, payment.currency);
  const whole = formatMoney(payment.amount, payment.currency);
  if (!read.ok) {
    const text = sentText(named);
    return `M-Pesa reported the reversal ${text ? `with an amount that is not money (${text.slice(0, 40)})` : 'without its amount'}, for a payment of ${whole}: not applied; reconcile it with Safaricom.`;
  }
  if (toUnits(read.amount) === toUnits(payment.amount)) return undefined;
  return `M-Pesa reported reversing ${formatMoney(read.amount, payment.currency)} of this ${whole} payment: not applied; reconcile it with Safaricom.`;
}

async function paymentOf(paymentId: string) {
  const [payment] = await db().select({ amount: payments.amount, currency: payments.currency }).from(payments).where(paymentWithId(paymentId));
  return payment!;
}

/** Keeps M-Pesa's answer on the waiting reversal, for the operator who settles it; still REQUESTED. */
async function holdForAttention(reversal: ReversalRow, answer: { railReference: string; resultCode: string; attention: string }) {
  await db()
    .update(paymentReversals)
    .set({ attention: answer.attention, resultCode: answer.resultCode, railReference: answer.railReference.slice(0, 200) || null })
    .where(and(eq(paymentReversals.id, reversal.id), eq(paymentReversals.status, 'REQUESTED')));
  logger().error({ reversalId: reversal.id, paymentId: reversal.paymentId }, answer.attention);
}

/**
 * Daraja's Result for a reversal (ResultURL). The simulator feeds the same body here. ResultCode 0
 * naming the payment's whole amount confirms; another amount holds the reversal for an operator
 * (REQUESTED, with `attention`); any other code fails it with M-Pesa's words. Settling is exactly
 * once, so a repeated Result changes nothing. A successful Result for a transaction we hold but
 * never asked to reverse (or whose request we lost) is the rail's own reversal and is applied as
 * one, when it names the whole amount.
 */
export async function handleDarajaReversalResult(body: DarajaReversalResultInput, kind: 'result' | 'timeout'): Promise<void> {
  const result = body.Result;
  const parameters = keyValues(result.ResultParameters?.ResultParameter);
  const original = darajaText(parameters.get('OriginalTransactionID')) || undefined;
  const code = resultCodeText(result.ResultCode);
  const transactionId = darajaText(result.TransactionID);
  const description = darajaText(result.ResultDesc);
  const succeeded = kind === 'result' && code === '0';
  const reversal = await reversalOf(result, original);
  // M-Pesa reversed after all what we had given up on (no answer to our request, say): the money has left.
  const lateSuccess = succeeded && reversal?.status === 'FAILED';
  if (!reversal || lateSuccess) {
    const reference = original ? storableKey(original) : await providerReferenceOf(reversal?.paymentId);
    const amount = readRailAmount(parameters.get('Amount'), 'KES');
    if (succeeded && reference && transactionId && !amount.ok) {
      logger().error({ original, amount: sentText(parameters.get('Amount')) }, 'M-Pesa reversal we did not ask for, without an amount we can read: not applied; reconcile it with Safaricom');
      return;
    }
    if (succeeded && reference && transactionId && amount.ok) {
      // A payment we never held, or another amount than the payment's (422 amount_mismatch), is
      // logged for an operator, not retried; anything else (the database away) is Daraja's to resend.
      const outcome = await reverseByRail({ rail: 'MPESA', providerReference: reference, railReference: transactionId, reason: description || null, amount: amount.amount }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status < 500) return { status: error.code };
        throw error;
      });
      logger()[outcome.status === 'reversed' || outcome.status === 'duplicate' ? 'warn' : 'error']({ original, outcome: outcome.status }, 'M-Pesa reversal we did not ask for (or whose request we lost)');
      return;
    }
    logger().warn({ originatorConversationId: darajaText(result.OriginatorConversationID), resultCode: code, kind }, 'Daraja reversal result for a reversal we do not know');
    return;
  }
  if (succeeded) {
    const attention = reversal.status === 'REQUESTED' ? amountMismatch(parameters, await paymentOf(reversal.paymentId)) : undefined;
    if (attention) return holdForAttention(reversal, { railReference: transactionId, resultCode: code, attention });
    await confirmReversal(reversal.id, { railReference: transactionId || null, resultCode: code });
    return;
  }
  const reason = kind === 'timeout' ? `M-Pesa did not process the reversal in time; nothing was reversed.${description ? ` (${description})` : ''}` : description || `M-Pesa refused the reversal (result code ${code}).`;
  await failReversal(reversal.id, { resultCode: kind === 'timeout' ? (code ? `timeout:${code}` : 'timeout') : code, reason });
}

/**
 * Daraja's notice at the QueueTimeOutURL: the request expired in its queue, nothing was reversed.
 * Daraja documents no fixed shape for it: a Result, its fields at the top level, or anything else
 * (then nothing can be matched, and the sweep gives the reversal up after an hour).
 */
export async function handleDarajaReversalTimeout(body: unknown): Promise<void> {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const inner = isObject(body) ? (isObject(body.Result) ? body.Result : body) : undefined;
  if (!inner) {
    logger().warn('Daraja reversal queue timeout that names no request; ignored');
    return;
  }
  const result = DarajaAccountResult.partial().safeParse(inner);
  const fields = result.success ? result.data : {};
  await handleDarajaReversalResult({ Result: { ...fields, ResultCode: fields.ResultCode ?? '' } }, 'timeout');
}
