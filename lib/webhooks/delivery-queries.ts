import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { findEvent } from '@/lib/events/queries';
import { events } from '@/lib/events/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { scheduleDelivery } from './jobs';
import { getEndpoint, inactive } from './queries';
import { webhookAttempts, webhookDeliveries } from './schema';
import type { DeliveryListFilters } from './schemas';
import type { AttemptRow, DeliveryRow } from './serialize';
import { writtenNear } from '@/lib/platform/db/ids';

export interface DeliveryWithAttempts {
  delivery: DeliveryRow;
  attempts: AttemptRow[];
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: events.type,
  status: webhookDeliveries.status,
  attemptCount: webhookDeliveries.attemptCount,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

/** Deliveries the caller may see (those of its endpoints), each with its attempts, oldest first. */
async function deliveriesWhere(tx: Queryable, principal: TenantScope, condition: SQL | undefined, limit: number): Promise<DeliveryWithAttempts[]> {
  const deliveries = await tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, and(eq(events.id, webhookDeliveries.eventId), writtenNear(events.createdAt, webhookDeliveries.eventId)))
    .where(and(visibleTo(principal, webhookDeliveries), condition))
    .orderBy(...newestFirst(webhookDeliveries.createdAt, webhookDeliveries.id))
    .limit(limit);
  if (deliveries.length === 0) return [];
  const attempts = await tx
    .select({
      deliveryId: webhookAttempts.deliveryId,
      attemptedAt: webhookAttempts.attemptedAt,
      responseStatus: webhookAttempts.responseStatus,
      durationMs: webhookAttempts.durationMs,
      error: webhookAttempts.error,
      scheduledBecause: webhookAttempts.scheduledBecause,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveries.map((delivery) => delivery.id)))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
  return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id) }));
}

/** One page (limit + 1 rows, for pageOf) of an endpoint's delivery log, newest first. */
export async function listEndpointDeliveries(principal: Principal, endpointId: string, filters: DeliveryListFilters) {
  await getEndpoint(db(), principal, endpointId);
  return deliveriesWhere(
    db(),
    principal,
    and(
      eq(webhookDeliveries.endpointId, endpointId),
      filters.status ? eq(webhookDeliveries.status, filters.status) : undefined,
      afterCursor(filters.cursor, webhookDeliveries.createdAt, webhookDeliveries.id),
    ),
    filters.limit + 1,
  );
}

/** Where one event went: its delivery to each of the caller's endpoints. */
export async function eventDeliveries(principal: TenantScope, eventId: string) {
  if (!(await findEvent(db(), principal, eventId))) throw notFound('The event');
  return deliveriesWhere(db(), principal, eq(webhookDeliveries.eventId, eventId), 100);
}

export async function getDelivery(tx: Queryable, principal: Principal, endpointId: string, deliveryId: string): Promise<DeliveryWithAttempts> {
  const [found] = await deliveriesWhere(tx, principal, and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)), 1);
  if (!found) throw notFound('The delivery');
  return found;
}

/**
 * Starts a delivery afresh: one attempt now and, if it fails, the usual retries. A delivery that
 * already succeeded is sent again, with the same webhook-id so that receivers can tell.
 */
export async function redeliver(principal: Principal, endpointId: string, deliveryId: string): Promise<DeliveryWithAttempts> {
  return db().transaction(async (tx) => {
    const endpoint = await getEndpoint(tx, principal, endpointId);
    await getDelivery(tx, principal, endpointId, deliveryId);
    if (!endpoint.active) throw inactive();
    await tx
      .update(webhookDeliveries)
      .set({ status: 'PENDING', roundAttempts: 0, nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId));
    await scheduleDelivery(tx, { deliveryId, endpointId }, null);
    return getDelivery(tx, principal, endpointId, deliveryId);
  });
}
