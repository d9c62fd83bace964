import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { db } from '@/lib/platform/db';
import { suspensePayments } from '@/lib/payments/schema';
import type { SuspenseRow } from './serialize';

const LIMIT = 20;

/**
 * Suspense of any merchant (or of none) by its rail reference or the account number the payer
 * typed, for the operator's search: money that never became a payment is still something a payer
 * calls about. Each reading is an index lookup (migration 0030 adds the account number's).
 */
export function searchSuspenseAcrossMerchants(query: string): Promise<SuspenseRow[]> {
  const q = query.trim().slice(0, 100);
  if (!q) return Promise.resolve([]);
  return db()
    .select()
    .from(suspensePayments)
    .where(
      or(
        sql`(${suspensePayments.rail}, ${suspensePayments.providerReference}) in (('MPESA', ${q}), ('MPESA', ${q.toUpperCase()}), ('BANK', ${q}))`,
        eq(suspensePayments.accountNumber, q),
      ),
    )
    .orderBy(desc(suspensePayments.createdAt), desc(suspensePayments.id))
    .limit(LIMIT);
}

/** One suspense row of any merchant, for the operator (who records whose it was). */
export async function suspenseById(id: string): Promise<SuspenseRow | undefined> {
  const [row] = await db().select().from(suspensePayments).where(eq(suspensePayments.id, id));
  return row;
}

/**
 * The operator's suspense list, newest first, one keyset page (limit + 1 rows): money whose account
 * number named no merchant (UNKNOWN_MERCHANT, the partial index suspense_payments_unassigned_idx),
 * or every OPEN row of any merchant (ALL_OPEN).
 */
export function listSuspenseAcrossMerchants(filters: { scope: 'UNKNOWN_MERCHANT' | 'ALL_OPEN'; limit: number; cursor?: string }): Promise<SuspenseRow[]> {
  return db()
    .select()
    .from(suspensePayments)
    .where(
      and(
        filters.scope === 'UNKNOWN_MERCHANT' ? isNull(suspensePayments.merchantId) : eq(suspensePayments.status, 'OPEN'),
        afterCursor(filters.cursor, suspensePayments.createdAt, suspensePayments.id),
      ),
    )
    .orderBy(...newestFirst(suspensePayments.createdAt, suspensePayments.id))
    .limit(filters.limit + 1);
}
