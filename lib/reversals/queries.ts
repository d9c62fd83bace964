import { and, desc, eq } from 'drizzle-orm';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import { getPayment } from '@/lib/payments/queries';
import { db } from '@/lib/platform/db';
import { paymentReversals } from './schema';

/** A payment's reversals, newest first (a payment has a handful at most: failed attempts and one that stood). */
export async function reversalsOfPayment(principal: TenantScope, paymentId: string) {
  await getPayment(principal, paymentId); // 404 for an unknown or another merchant's payment
  return db()
    .select()
    .from(paymentReversals)
    .where(and(eq(paymentReversals.paymentId, paymentId), visibleTo(principal, paymentReversals)))
    .orderBy(desc(paymentReversals.createdAt), desc(paymentReversals.id))
    .limit(100);
}
