import { and, eq, inArray } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import { toUnits } from '@/lib/money/decimal';
import { payments, type PaymentRail } from '@/lib/payments/schema';
import type { PaymentRow } from '@/lib/payments/serialize';
import { db } from '@/lib/platform/db';
import { storableText } from '@/lib/platform/text';
import { paymentReversals } from './schema';
import { confirmReversalIn } from './settle';
import { paymentWithReference } from '@/lib/payments/by-reference';

export interface RailReturn {
  rail: PaymentRail;
  /** The original payment's reference on its rail. */
  providerReference: string;
  /** The rail's reference of the return itself: a repeat of it is a duplicate. */
  railReference: string;
  reason?: string | null;
  /** When the rail states them, they must be the payment's: partial returns are not taken. */
  amount?: string;
  currency?: string;
}

export type RailReturnOutcome = { status: 'reversed' | 'duplicate'; paymentId: string; reversalId: string };

function checkWhole(payment: PaymentRow, input: RailReturn) {
  if (input.currency !== undefined && input.currency !== payment.currency) {
    throw new ApiError(422, 'amount_mismatch', 'Not the payment\'s amount', `The payment was in ${payment.currency}.`, { errors: [{ path: 'currency', message: `Must be ${payment.currency}, the payment's currency.` }] });
  }
  if (input.amount !== undefined && toUnits(input.amount) !== toUnits(payment.amount)) {
    throw new ApiError(422, 'amount_mismatch', 'Not the payment\'s amount', `Only the whole payment (${Number(payment.amount)}) can be returned.`, {
      errors: [{ path: 'amount', message: `Must be ${Number(payment.amount)}, the whole payment.` }],
    });
  }
}

/**
 * The rail gave a payment's money back on its own (a bank's return, an M-Pesa reversal we did not
 * ask for or whose request we lost). It cannot be refused: the payment is reversed even if that
 * takes the account's balance below zero (docs/reconciliation.md). A merchant's reversal waiting
 * for this payment is the one confirmed; otherwise a RAIL reversal is recorded. Exactly once per
 * rail reference, and a payment is reversed at most once.
 */
export async function reverseByRail(input: RailReturn): Promise<RailReturnOutcome> {
  return db().transaction(async (tx) => {
    const whereReference = await paymentWithReference(tx, input.rail, input.providerReference);
    const [payment] = whereReference ? await tx.select().from(payments).where(whereReference).for('update') : [];
    if (!payment) throw notFound(`A ${input.rail === 'BANK' ? 'credit with that bank reference' : 'payment with that transaction id'}`);
    const railReference = storableText(input.railReference);
    const [seen] = await tx
      .select()
      .from(paymentReversals)
      .where(and(eq(paymentReversals.rail, input.rail), eq(paymentReversals.railReference, railReference)));
    if (seen) return { status: 'duplicate', paymentId: seen.paymentId, reversalId: seen.id };
    checkWhole(payment, input);
    const [active] = await tx
      .select()
      .from(paymentReversals)
      .where(and(eq(paymentReversals.paymentId, payment.id), inArray(paymentReversals.status, ['REQUESTED', 'CONFIRMED'])));
    if (active?.status === 'CONFIRMED') return { status: 'duplicate', paymentId: payment.id, reversalId: active.id };
    const reason = input.reason ? storableText(input.reason).slice(0, 500) : null;
    const reversal =
      active ??
      (
        await tx
          .insert(paymentReversals)
          .values({
            paymentId: payment.id,
            merchantId: payment.merchantId,
            subMerchantId: payment.subMerchantId,
            virtualAccountId: payment.virtualAccountId,
            rail: payment.rail,
            origin: 'RAIL',
            amount: payment.amount,
            feeAmount: payment.feeAmount,
            currency: payment.currency,
            reason,
          })
          .returning()
      )[0]!;
    await confirmReversalIn(tx, reversal.id, { railReference, resultCode: null, reason });
    return { status: 'reversed', paymentId: payment.id, reversalId: reversal.id };
  });
}
