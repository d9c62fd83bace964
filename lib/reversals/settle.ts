import { and, eq, inArray } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { recordEvent } from '@/lib/events/record';
import { payments } from '@/lib/payments/schema';
import { toPaymentJson } from '@/lib/payments/serialize';
import { db, type Queryable } from '@/lib/platform/db';
import { storableText } from '@/lib/platform/text';
import { postReversal } from './post-reversal';
import { countsTowardBill, reopenBill } from './reopen-bill';
import { paymentReversals, type ReversalRow } from './schema';
import { paymentWithId } from '@/lib/payments/by-id';

export interface RailAnswer {
  /** The rail's reference of the reversal (M-Pesa's reversal transaction id, the bank's return reference). */
  railReference?: string | null;
  resultCode?: string | null;
  reason?: string | null;
}

export type Settled = { changed: boolean; reversal: ReversalRow };

const clip = (text: string | null | undefined, length: number) => (text ? storableText(text).slice(0, length) : null);

/**
 * The payment and the reversal, locked in that order (everywhere: a bank return holds the payment
 * before it looks for a reversal). Null when the reversal does not exist.
 */
async function lockedPair(tx: Queryable, reversalId: string) {
  const [known] = await tx.select({ paymentId: paymentReversals.paymentId }).from(paymentReversals).where(eq(paymentReversals.id, reversalId));
  if (!known) return null;
  const [payment] = await tx.select().from(payments).where(paymentWithId(known.paymentId)).for('update');
  const [reversal] = await tx.select().from(paymentReversals).where(eq(paymentReversals.id, reversalId)).for('update');
  return { payment: payment!, reversal: reversal! };
}

/**
 * The rail confirmed: the money went back to the payer. Exactly once: a reversal that is no longer
 * REQUESTED (a second Result, a repeated return) changes nothing. In one transaction: the DEBIT and
 * refunded fee, the totals, the bill reopened, the payment REVERSED, and `payment.reversed`.
 */
export async function confirmReversalIn(tx: Queryable, reversalId: string, answer: RailAnswer, now = new Date()): Promise<Settled> {
  const pair = await lockedPair(tx, reversalId);
  if (!pair) throw new Error(`reversal ${reversalId} does not exist`);
  const { payment, reversal } = pair;
  if (reversal.status !== 'REQUESTED') return { changed: false, reversal };
  // Lock order as when a payment is recorded: the bill, then the account.
  const bill = countsTowardBill(payment)
    ? ((await tx.select().from(expectedPayments).where(eq(expectedPayments.id, payment.expectedPaymentId!)).for('update'))[0] ?? null)
    : null;
  await tx.select({ id: virtualAccounts.id }).from(virtualAccounts).where(eq(virtualAccounts.id, payment.virtualAccountId)).for('update');
  await postReversal(tx, payment);
  const [reversed] = await tx.update(payments).set({ status: 'REVERSED' }).where(paymentWithId(payment.id)).returning();
  const [confirmed] = await tx
    .update(paymentReversals)
    .set({
      status: 'CONFIRMED',
      railReference: clip(answer.railReference, 200) ?? reversal.railReference,
      resultCode: clip(answer.resultCode, 50),
      reason: clip(answer.reason, 500) ?? reversal.reason,
      completedAt: now,
    })
    .where(eq(paymentReversals.id, reversal.id))
    .returning();
  if (bill) await reopenBill(tx, bill, payment, now);
  await recordEvent(tx, { merchantId: payment.merchantId, subMerchantId: payment.subMerchantId, type: 'payment.reversed', data: toPaymentJson(reversed!) });
  return { changed: true, reversal: confirmed! };
}

export const confirmReversal = (reversalId: string, answer: RailAnswer, now = new Date()) =>
  db().transaction((tx) => confirmReversalIn(tx, reversalId, answer, now));

/**
 * The rail refused or gave up: nothing moved. The payment is RECEIVED again, the reversal keeps the
 * rail's code and reason. Exactly once, as confirmation.
 */
export async function failReversal(reversalId: string, answer: RailAnswer, now = new Date()): Promise<Settled> {
  return db().transaction(async (tx) => {
    const pair = await lockedPair(tx, reversalId);
    if (!pair) throw new Error(`reversal ${reversalId} does not exist`);
    const { payment, reversal } = pair;
    if (reversal.status !== 'REQUESTED') return { changed: false, reversal };
    const [failed] = await tx
      .update(paymentReversals)
      .set({ status: 'FAILED', resultCode: clip(answer.resultCode, 50), reason: clip(answer.reason, 500) ?? 'The rail did not reverse the payment.', completedAt: now })
      .where(eq(paymentReversals.id, reversal.id))
      .returning();
    await tx.update(payments).set({ status: 'RECEIVED' }).where(and(paymentWithId(payment.id), eq(payments.status, 'REVERSAL_PENDING')));
    return { changed: true, reversal: failed! };
  });
}

/** The reversal still waiting for this payment's rail, if any. */
export async function pendingReversalOf(tx: Queryable, paymentId: string): Promise<ReversalRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentReversals)
    .where(and(eq(paymentReversals.paymentId, paymentId), inArray(paymentReversals.status, ['REQUESTED'])));
  return row;
}
