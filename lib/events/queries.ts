import { and, eq, gt, sql } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { db, type Queryable } from '@/lib/platform/db';
import { readDb } from '@/lib/platform/db/read-pool';
import { events } from './schema';
import type { EventListFilters } from './schemas';
import { writtenNear } from '@/lib/platform/db/ids';

export type EventRow = typeof events.$inferSelect;

/** The API shows (and keeps showing) the last 30 days of events. */
export const EVENT_RETENTION_DAYS = 30;
const recent = () => gt(events.createdAt, sql`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);

export async function findEvent(tx: Queryable, principal: TenantScope, eventId: string): Promise<EventRow | undefined> {
  const [event] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), writtenNear(events.createdAt, eventId), visibleTo(principal, events), recent()));
  return event;
}

export async function getEvent(principal: Principal, eventId: string): Promise<EventRow> {
  const event = await findEvent(db(), principal, eventId);
  if (!event) throw notFound('The event');
  return event;
}

export async function listEvents(principal: Principal, filters: EventListFilters): Promise<EventRow[]> {
  return readDb()
    .select()
    .from(events)
    .where(
      and(
        visibleTo(principal, events),
        recent(),
        // The column's type lists the recorded types; test events are stored alongside them.
        filters.type ? eq(events.type, filters.type as EventRow['type']) : undefined,
        afterCursor(filters.cursor, events.createdAt, events.id),
      ),
    )
    .orderBy(...newestFirst(events.createdAt, events.id))
    .limit(filters.limit + 1);
}
