import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments, type BillStatus } from '@/lib/bills/schema';
import { toExpectedPaymentJson } from '@/lib/bills/serialize';
import { recordEvent } from '@/lib/events/record';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import type { BillRow } from '@/lib/payments/resolve';
import { payments } from '@/lib/payments/schema';
import type { PaymentRow } from '@/lib/payments/serialize';
import type { Queryable } from '@/lib/platform/db';

/** Match statuses whose payment counts toward its bill's amountPaid (matching.ts). */
export const countedMatches = ['MATCHED', 'PARTIAL', 'OVERPAID'] as const;

export const countsTowardBill = (payment: Pick<PaymentRow, 'expectedPaymentId' | 'matchStatus'>) =>
  payment.expectedPaymentId !== null && (countedMatches as readonly string[]).includes(payment.matchStatus);

/** What the bill's stored status becomes once the reversed amount is no longer paid. */
function statusAfter(bill: BillRow, paid: bigint, now: Date): BillStatus {
  if (paid >= toUnits(bill.amount)) return 'PAID';
  if (bill.status === 'CANCELLED') return 'CANCELLED';
  if (bill.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return paid > 0n ? 'PARTIALLY_PAID' : 'OPEN';
}

/**
 * Undoes what the payment did to its bill (locked by the caller): amountPaid down by its amount,
 * and the status read again from the amounts and the expiry. A settled bill that is no longer
 * paid reopens (OPEN or PARTIALLY_PAID, or EXPIRED when its time has passed): its one-time invoice
 * account opens again if it still waits for money, and `expected_payment.reopened` is recorded.
 */
export async function reopenBill(tx: Queryable, bill: BillRow, payment: PaymentRow, now: Date): Promise<void> {
  const paid = toUnits(bill.amountPaid) - toUnits(payment.amount);
  const status = statusAfter(bill, paid, now);
  let matchedCreditId = status === 'PAID' ? bill.matchedCreditId : null;
  if (status === 'PAID' && matchedCreditId === payment.id) {
    // Still paid by the others: the latest of them is now the one that settles it.
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.expectedPaymentId, bill.id), inArray(payments.matchStatus, [...countedMatches]), ne(payments.status, 'REVERSED'), ne(payments.id, payment.id)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    matchedCreditId = other?.id ?? null;
  }
  const [updated] = await tx
    .update(expectedPayments)
    .set({ amountPaid: fromUnits(paid), status, matchedCreditId })
    .where(eq(expectedPayments.id, bill.id))
    .returning();

  let invoiceNumber: string | null = null;
  if (bill.virtualAccountId) {
    const waiting = status === 'OPEN' || status === 'PARTIALLY_PAID';
    const [invoice] = waiting
      ? await tx
          .update(virtualAccounts)
          .set({ status: 'ACTIVE' })
          .where(and(eq(virtualAccounts.id, bill.virtualAccountId), eq(virtualAccounts.purpose, 'INVOICE')))
          .returning({ accountNumber: virtualAccounts.accountNumber })
      : await tx.select({ accountNumber: virtualAccounts.accountNumber }).from(virtualAccounts).where(eq(virtualAccounts.id, bill.virtualAccountId));
    invoiceNumber = invoice?.accountNumber ?? null;
  }
  if (bill.status === 'PAID' && status !== 'PAID') {
    await recordEvent(tx, {
      merchantId: updated!.merchantId,
      subMerchantId: updated!.subMerchantId,
      type: 'expected_payment.reopened',
      data: toExpectedPaymentJson({ ...updated!, virtualAccountNumber: invoiceNumber }),
    });
  }
}
