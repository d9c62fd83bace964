import { and, eq, sql } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { conflict, notFound } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { db } from '@/lib/platform/db';
import { recordEvent } from '@/lib/events/record';
import { recordAudit } from '@/lib/audit/record';
import { getBill, type BillView } from './queries';
import { toExpectedPaymentJson } from './serialize';
import { expectedPayments } from './schema';
import { reportedStatus } from './status';

/**
 * Cancels a bill that still waits for money and closes its invoice account. The row lock makes a
 * payment being matched and a cancel wait for each other, so neither sees the bill half-changed.
 * Cancelling a cancelled bill answers it again, so a retried request is harmless.
 */
export async function cancelBill(principal: Principal, billId: string): Promise<BillView> {
  return db().transaction(async (tx) => {
    const [bill] = await tx
      .select({ status: reportedStatus, expiresAt: expectedPayments.expiresAt, virtualAccountId: expectedPayments.virtualAccountId })
      .from(expectedPayments)
      .where(and(eq(expectedPayments.id, billId), visibleTo(principal, expectedPayments)))
      .for('update');
    if (!bill) throw notFound('The expected payment');
    if (bill.status === 'PAID') throw conflict('The expected payment is already paid, so it cannot be cancelled.');
    if (bill.status === 'EXPIRED') {
      throw conflict(`The expected payment expired at ${bill.expiresAt.toISOString()}, so there is nothing left to cancel.`);
    }
    if (bill.status !== 'CANCELLED') {
      await tx
        .update(expectedPayments)
        .set({ status: 'CANCELLED', cancelledAt: sql`now()` })
        .where(eq(expectedPayments.id, billId));
      if (bill.virtualAccountId) {
        await tx.update(virtualAccounts).set({ status: 'CLOSED' }).where(eq(virtualAccounts.id, bill.virtualAccountId));
      }
      const cancelled = await getBill(principal, billId, tx);
      await recordEvent(tx, { merchantId: cancelled.merchantId, subMerchantId: cancelled.subMerchantId, type: 'expected_payment.cancelled', data: toExpectedPaymentJson(cancelled) });
      await recordAudit(tx, { merchantId: cancelled.merchantId, action: 'bill.cancelled', target: { type: 'bill', id: billId }, summary: `Bill ${cancelled.paymentReference} cancelled; its account is closed.` });
      return cancelled;
    }
    return getBill(principal, billId, tx);
  });
}
