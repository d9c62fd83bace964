import { and, asc, eq } from 'drizzle-orm';
import type { TenantScope } from '@/lib/api/scope';
import { db } from '@/lib/platform/db';
import { balanceEntries } from './schema';
import { writtenSince } from '@/lib/platform/db/ids';

/**
 * The ledger entries a payment made (credit, fee, a reversal's debit), in the order they were
 * posted. balance_entries has no sub_merchant_id (its account names it), so the scope's merchant
 * bounds the read; callers pass a payment they may see. None is older than the payment, so the
 * months before its id's are not read (migration 0034).
 */
export function entriesOfPayment(scope: TenantScope, paymentId: string) {
  return db()
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.paymentId, paymentId), writtenSince(balanceEntries.createdAt, paymentId), eq(balanceEntries.merchantId, scope.merchantId)))
    .orderBy(asc(balanceEntries.sequence))
    .limit(100);
}
