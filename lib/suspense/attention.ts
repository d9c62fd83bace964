import { and, eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { visibleTo } from '@/lib/api/scope';
import { expectedPayments } from '@/lib/bills/schema';
import { billIsClosed } from '@/lib/payments/acceptance';
import { settleBill } from '@/lib/payments/ingest';
import { matchPayment } from '@/lib/payments/matching';
import { payments } from '@/lib/payments/schema';
import type { PaymentRow } from '@/lib/payments/serialize';
import { db, type Queryable } from '@/lib/platform/db';
import { recordAudit } from '@/lib/audit/record';
import { formatMoney } from '@/lib/money/decimal';
import { paymentWithId } from '@/lib/payments/by-id';

const refuse = (status: 409 | 422, code: string, detail: string) => new ApiError(status, code, status === 409 ? 'Conflict' : 'Validation failed', detail);

async function lockedPayment(tx: Queryable, principal: Principal, paymentId: string): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(and(paymentWithId(paymentId), visibleTo(principal, payments))).for('update');
  if (!payment) throw notFound('The payment');
  return payment;
}

const stillNeedsAttention = (payment: PaymentRow) => payment.matchStatus === 'NEEDS_ATTENTION' && payment.attentionResolvedAt === null;

/**
 * Counts a NEEDS_ATTENTION payment toward another open bill of the same merchant and sub-merchant,
 * as if it had named that bill: the bill's amount paid and status change, with their event. The
 * money stays in the account it was credited to (a bill is a claim, not a place: balances, the
 * ledger and the day's totals do not move). Moving it again onto the same bill answers it again.
 */
export async function movePayment(principal: Principal, paymentId: string, input: { expectedPaymentId: string; note?: string }): Promise<PaymentRow> {
  return db().transaction(async (tx) => {
    // Lock order as everywhere: the bill, then the payment's row and accounts.
    const [bill] = await tx
      .select()
      .from(expectedPayments)
      .where(and(eq(expectedPayments.id, input.expectedPaymentId), visibleTo(principal, expectedPayments)))
      .for('update');
    if (!bill) throw notFound('The expected payment');
    const payment = await lockedPayment(tx, principal, paymentId);
    if (payment.attentionResolution === 'MOVED' && payment.expectedPaymentId === bill.id) return payment;
    if (!stillNeedsAttention(payment)) throw refuse(409, 'not_needing_attention', 'Only a payment that needs attention, and has not been dealt with, can be moved.');
    if (bill.id === payment.expectedPaymentId) throw refuse(409, 'same_bill', 'The payment already names this bill; choose another.');
    if (bill.subMerchantId !== payment.subMerchantId) throw refuse(422, 'sub_merchant_mismatch', "The bill belongs to another sub-merchant than the payment's account.");
    if (bill.currency !== payment.currency) throw refuse(422, 'currency_mismatch', `The payment is in ${payment.currency} and the bill in ${bill.currency}.`);
    const now = new Date();
    if (billIsClosed(bill, now)) throw refuse(409, 'bill_closed', 'This bill is already paid, cancelled or expired; choose an open one.');

    const match = matchPayment(payment.amount, payment.currency, bill, now);
    const [account] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, payment.virtualAccountId));
    await settleBill(tx, bill, match.bill!, payment.id, account!);
    const [moved] = await tx
      .update(payments)
      .set({
        expectedPaymentId: bill.id,
        customerId: payment.customerId ?? bill.customerId,
        matchStatus: match.matchStatus,
        overpaidAmount: match.overpaidAmount,
        attentionResolution: 'MOVED',
        attentionNote: input.note || null,
        attentionResolvedBy: principal.userId,
        attentionResolvedAt: now,
        movedFromExpectedPaymentId: payment.expectedPaymentId,
      })
      .where(paymentWithId(payment.id))
      .returning();
    await recordAudit(tx, {
      merchantId: payment.merchantId,
      action: 'payment.moved',
      target: { type: 'payment', id: payment.id },
      summary: `Payment ${payment.providerReference} (${formatMoney(payment.amount, payment.currency)}) moved onto bill ${bill.paymentReference}.`,
      details: { fromExpectedPaymentId: payment.expectedPaymentId, toExpectedPaymentId: bill.id },
    });
    return moved!;
  });
}

/** Marks a NEEDS_ATTENTION payment as dealt with, leaving it where it is, with what was done. */
export async function notePayment(principal: Principal, paymentId: string, note: string): Promise<PaymentRow> {
  return db().transaction(async (tx) => {
    const payment = await lockedPayment(tx, principal, paymentId);
    if (payment.attentionResolution === 'NOTED') return payment;
    if (!stillNeedsAttention(payment)) throw refuse(409, 'not_needing_attention', 'Only a payment that needs attention, and has not been dealt with, can be marked resolved.');
    const [noted] = await tx
      .update(payments)
      .set({ attentionResolution: 'NOTED', attentionNote: note, attentionResolvedBy: principal.userId, attentionResolvedAt: new Date() })
      .where(paymentWithId(payment.id))
      .returning();
    await recordAudit(tx, {
      merchantId: payment.merchantId,
      action: 'payment.attention_resolved',
      target: { type: 'payment', id: payment.id },
      summary: `Payment ${payment.providerReference} (${formatMoney(payment.amount, payment.currency)}) marked resolved with a note.`,
    });
    return noted!;
  });
}
