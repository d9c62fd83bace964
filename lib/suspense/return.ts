import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { recordAudit } from '@/lib/audit/record';
import { getSuspense } from './queries';
import { referenceIsAPayment } from './resolve';
import type { SuspenseRow } from './serialize';
import { formatMoney } from '@/lib/money/decimal';
import { railName } from '@/lib/money/rails';

/**
 * Marks suspense for return to the payer. Paying it back happens outside the service (an M-Pesa
 * reversal or a bank transfer by the operator, see docs/reconciliation.md); the mark takes it off
 * the merchant's OPEN list and stops it being credited. Asking again answers the same row.
 */
export async function requestReturn(principal: Principal, suspenseId: string, note: string | undefined): Promise<SuspenseRow> {
  return db().transaction(async (tx) => {
    const row = await getSuspense(principal, suspenseId, tx, true);
    if (row.status === 'RETURN_REQUESTED') return row;
    if (row.status === 'RESOLVED') throw new ApiError(409, 'already_resolved', 'Conflict', 'This money was already credited to an account, so it cannot be returned from suspense.');
    // Paying a payer back while the merchant keeps the same reference as a payment would pay twice.
    if (await isAPayment(tx, row)) throw referenceIsAPayment();
    const [marked] = await tx
      .update(suspensePayments)
      .set({ status: 'RETURN_REQUESTED', returnRequestedAt: new Date(), resolvedBy: principal.userId, resolutionNote: note || null })
      .where(eq(suspensePayments.id, row.id))
      .returning();
    await recordAudit(tx, {
      merchantId: principal.merchantId,
      action: 'suspense.return_requested',
      target: { type: 'suspense_payment', id: row.id },
      summary: `Return to the payer requested for ${row.amount === null ? `${row.amountText} ${row.currency}` : formatMoney(row.amount, row.currency)} in suspense (${railName(row.rail)} ${row.providerReference}).`,
    });
    return marked!;
  });
}

async function isAPayment(tx: Queryable, row: Pick<SuspenseRow, 'rail' | 'providerReference'>): Promise<boolean> {
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.rail, row.rail), eq(payments.providerReference, row.providerReference)));
  return payment !== undefined;
}
