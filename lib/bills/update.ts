import { and, eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { conflict, notFound, unprocessable } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { recordAudit } from '@/lib/audit/record';
import { amountProblem, decimalText, formatMoney, toUnits } from '@/lib/money/decimal';
import { db } from '@/lib/platform/db';
import { getBill, type BillView } from './queries';
import { expectedPayments } from './schema';
import type { UpdateExpectedPaymentInput } from './schemas';
import { reportedStatus } from './status';

/** Why the amount or expiry of this bill can no longer change, or undefined while it can. */
function termsFrozen(bill: { status: string; amountPaid: string }): string | undefined {
  if (toUnits(bill.amountPaid) > 0n || bill.status === 'PARTIALLY_PAID' || bill.status === 'PAID') {
    return 'Part of the expected payment is already paid, so its amount and expiry can no longer change. Cancel it and raise a new bill instead.';
  }
  if (bill.status !== 'OPEN') return `The expected payment is ${bill.status.toLowerCase()}, so its amount and expiry can no longer change.`;
  return undefined;
}

/**
 * Changes a bill's description, amount or expiry. The row lock (as in cancel.ts) makes a payment
 * being matched wait, so an amount never changes under money already counted against it; once
 * anything is paid, or the bill is closed, the terms are fixed (409) and only the description may
 * change, as Stripe lets an invoice's description change after it is finalised.
 */
export async function updateBill(principal: Principal, billId: string, change: UpdateExpectedPaymentInput): Promise<BillView> {
  return db().transaction(async (tx) => {
    const [bill] = await tx
      .select({
        status: reportedStatus,
        amount: expectedPayments.amount,
        amountPaid: expectedPayments.amountPaid,
        currency: expectedPayments.currency,
        expiresAt: expectedPayments.expiresAt,
        description: expectedPayments.description,
        virtualAccountId: expectedPayments.virtualAccountId,
        paymentReference: expectedPayments.paymentReference,
        merchantId: expectedPayments.merchantId,
      })
      .from(expectedPayments)
      .where(and(eq(expectedPayments.id, billId), visibleTo(principal, expectedPayments)))
      .for('update');
    if (!bill) throw notFound('The expected payment');

    const amount = change.amount === undefined ? undefined : decimalText(change.amount)!;
    const expiresAt = change.expiresAt === undefined ? undefined : new Date(change.expiresAt);
    const termsChange = (amount !== undefined && toUnits(amount) !== toUnits(bill.amount)) || (expiresAt !== undefined && expiresAt.getTime() !== bill.expiresAt.getTime());
    if (termsChange) {
      const frozen = termsFrozen(bill);
      if (frozen) throw conflict(frozen);
    }
    if (amount !== undefined) {
      const problem = amountProblem(amount, bill.currency);
      if (problem) throw unprocessable('Some fields are missing or not valid.', [{ path: 'amount', message: problem }]);
    }

    const changes: string[] = [];
    if (amount !== undefined && toUnits(amount) !== toUnits(bill.amount)) changes.push(`amount ${formatMoney(bill.amount, bill.currency)} → ${formatMoney(amount, bill.currency)}`);
    if (expiresAt !== undefined && expiresAt.getTime() !== bill.expiresAt.getTime()) changes.push(`expiry ${bill.expiresAt.toISOString()} → ${expiresAt.toISOString()}`);
    const description = change.description === undefined ? undefined : change.description;
    if (description !== undefined && description !== bill.description) changes.push(description ? 'description changed' : 'description removed');
    // The same change sent again changes nothing and records nothing: a retry is harmless.
    if (changes.length === 0) return getBill(principal, billId, tx);

    await tx
      .update(expectedPayments)
      .set({
        ...(amount !== undefined ? { amount } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
        ...(description !== undefined ? { description } : {}),
      })
      .where(eq(expectedPayments.id, billId));
    // The one-time account lives and dies with its bill (create.ts): it expires with the new expiry.
    if (expiresAt !== undefined && bill.virtualAccountId) {
      await tx.update(virtualAccounts).set({ expireAt: expiresAt }).where(eq(virtualAccounts.id, bill.virtualAccountId));
    }
    await recordAudit(tx, {
      merchantId: bill.merchantId,
      action: 'bill.updated',
      target: { type: 'bill', id: billId },
      summary: `Bill ${bill.paymentReference} changed: ${changes.join('; ')}.`,
    });
    return getBill(principal, billId, tx);
  });
}
