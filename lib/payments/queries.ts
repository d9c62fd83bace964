import { and, eq } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { notFound } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { db } from '@/lib/platform/db';
import { paymentConditions } from './filters';
import { payments } from './schema';
import type { PaymentListFilters } from './schemas';

/** One page (plus one row, to know whether another page follows), newest first. */
export function listPayments(principal: Principal, filters: PaymentListFilters) {
  return db()
    .select()
    .from(payments)
    .where(and(paymentConditions(principal, filters), afterCursor(filters.cursor, payments.createdAt, payments.id)))
    .orderBy(...newestFirst(payments.createdAt, payments.id))
    .limit(filters.limit + 1);
}

export async function getPayment(principal: Principal, paymentId: string) {
  const [payment] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), visibleTo(principal, payments)));
  if (!payment) throw notFound('The payment');
  return payment;
}
