import { and, eq } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/api/principal';
import { db, type Queryable } from '@/lib/platform/db';
import { suspensePayments } from '@/lib/payments/schema';
import type { SuspenseListFilters } from './schemas';

/** The merchant's suspense (and only its sub-merchant's, for a scoped user), newest first. */
export function listSuspense(principal: Principal, filters: SuspenseListFilters) {
  return db()
    .select()
    .from(suspensePayments)
    .where(
      and(
        visibleTo(principal, suspensePayments),
        filters.status ? eq(suspensePayments.status, filters.status) : undefined,
        afterCursor(filters.cursor, suspensePayments.createdAt, suspensePayments.id),
      ),
    )
    .orderBy(...newestFirst(suspensePayments.createdAt, suspensePayments.id))
    .limit(filters.limit + 1);
}

/** One row the caller may see, locked for a change when `forUpdate`; another merchant's is 404. */
export async function getSuspense(principal: Principal, id: string, tx: Queryable = db(), forUpdate = false) {
  const query = tx.select().from(suspensePayments).where(and(eq(suspensePayments.id, id), visibleTo(principal, suspensePayments)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('The suspense payment');
  return row;
}
