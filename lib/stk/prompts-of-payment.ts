import { and, asc, eq } from 'drizzle-orm';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import { db } from '@/lib/platform/db';
import { stkInitiations } from './schema';
import type { StkRow } from './serialize';

/** The phone prompt (rarely more than one) that became this payment. */
export function promptsOfPayment(scope: TenantScope, paymentId: string): Promise<StkRow[]> {
  return db()
    .select()
    .from(stkInitiations)
    .where(and(eq(stkInitiations.paymentId, paymentId), visibleTo(scope, stkInitiations)))
    .orderBy(asc(stkInitiations.createdAt))
    .limit(10);
}
