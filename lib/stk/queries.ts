import { and, eq } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { db, type Queryable } from '@/lib/platform/db';
import { stkInitiations } from './schema';
import type { StkListFilters } from './schemas';
import type { StkRow } from './serialize';

export async function getInitiation(principal: Principal, initiationId: string): Promise<StkRow> {
  const [row] = await db()
    .select()
    .from(stkInitiations)
    .where(and(eq(stkInitiations.id, initiationId), visibleTo(principal, stkInitiations)));
  if (!row) throw notFound('The STK initiation');
  return row;
}

export function listInitiations(principal: Principal, filters: StkListFilters): Promise<StkRow[]> {
  return db()
    .select()
    .from(stkInitiations)
    .where(
      and(
        visibleTo(principal, stkInitiations),
        filters.status ? eq(stkInitiations.status, filters.status) : undefined,
        filters.phone ? eq(stkInitiations.phone, filters.phone) : undefined,
        filters.expectedPaymentId ? eq(stkInitiations.expectedPaymentId, filters.expectedPaymentId) : undefined,
        filters.customerId ? eq(stkInitiations.customerId, filters.customerId) : undefined,
        afterCursor(filters.cursor, stkInitiations.createdAt, stkInitiations.id),
      ),
    )
    .orderBy(...newestFirst(stkInitiations.createdAt, stkInitiations.id))
    .limit(filters.limit + 1);
}

/** Provider-side lookups (callbacks, checks): not a merchant's query, so not scoped. */
export async function initiationByCheckout(tx: Queryable, checkoutRequestId: string): Promise<StkRow | undefined> {
  const [row] = await tx.select().from(stkInitiations).where(eq(stkInitiations.checkoutRequestId, checkoutRequestId));
  return row;
}

export async function initiationById(tx: Queryable, initiationId: string): Promise<StkRow | undefined> {
  const [row] = await tx.select().from(stkInitiations).where(eq(stkInitiations.id, initiationId));
  return row;
}
