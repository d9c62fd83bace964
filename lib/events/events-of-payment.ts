import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import { db } from '@/lib/platform/db';
import type { EventRow } from './queries';
import { events } from './schema';

/** How far from a moment of the payment's story its event is looked for (written in the same transaction). */
const WINDOW_MS = 5 * 60_000;

/**
 * The payment.* events of one payment (received, reversed), each looked for near a moment of its
 * story (when it was recorded, when a reversal changed): events are indexed by merchant and time
 * only, and a payment's event is written in the transaction that made the change.
 */
export async function eventsOfPayment(scope: TenantScope, paymentId: string, moments: Date[]): Promise<EventRow[]> {
  if (moments.length === 0) return [];
  const windows = moments.map((at) => and(gte(events.createdAt, new Date(at.getTime() - WINDOW_MS)), lte(events.createdAt, new Date(at.getTime() + WINDOW_MS))));
  return db()
    .select()
    .from(events)
    .where(
      and(
        visibleTo(scope, events),
        or(...windows),
        inArray(events.type, ['payment.received', 'payment.reversed']),
        eq(sql`${events.data}->>'id'`, paymentId),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(20);
}
