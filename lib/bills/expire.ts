import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { recordEvent } from '@/lib/events/record';
import { db } from '@/lib/platform/db';
import { expectedPayments } from './schema';
import { toExpectedPaymentJson } from './serialize';

const BATCH = 500;

/**
 * Stores EXPIRED on bills past expiresAt that still wait for money, closes their invoice accounts
 * and records expected_payment.expired. SKIP LOCKED lets several instances share the work, and a
 * bill being paid right now is simply taken by the next run.
 */
export async function expireLapsedBills(now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const batch = await db().transaction(async (tx) => {
      const due = await tx
        .select({ id: expectedPayments.id })
        .from(expectedPayments)
        .where(and(inArray(expectedPayments.status, ['OPEN', 'PARTIALLY_PAID']), lte(expectedPayments.expiresAt, now)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((bill) => bill.id);
      const bills = await tx.update(expectedPayments).set({ status: 'EXPIRED' }).where(inArray(expectedPayments.id, ids)).returning();
      const closed = await tx
        .update(virtualAccounts)
        .set({ status: 'CLOSED' })
        .where(and(inArray(virtualAccounts.id, bills.flatMap((bill) => (bill.virtualAccountId ? [bill.virtualAccountId] : []))), eq(virtualAccounts.purpose, 'INVOICE')))
        .returning({ id: virtualAccounts.id, accountNumber: virtualAccounts.accountNumber });
      const numbers = new Map(closed.map((account) => [account.id, account.accountNumber]));
      for (const bill of bills) {
        await recordEvent(tx, {
          merchantId: bill.merchantId,
          subMerchantId: bill.subMerchantId,
          type: 'expected_payment.expired',
          data: toExpectedPaymentJson({ ...bill, virtualAccountNumber: bill.virtualAccountId ? (numbers.get(bill.virtualAccountId) ?? null) : null }),
        });
      }
      return bills.length;
    });
    expired += batch;
    if (batch < BATCH) return expired;
  }
}

export const expireBillsTask = async () => {
  await expireLapsedBills();
};

/** For tests and operators: whether any lapsed bill still waits to be expired. */
export async function lapsedBillCount(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(expectedPayments)
    .where(and(inArray(expectedPayments.status, ['OPEN', 'PARTIALLY_PAID']), lte(expectedPayments.expiresAt, sql`now()`)));
  return row?.count ?? 0;
}
