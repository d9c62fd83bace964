import { and, eq, sql } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { db } from '@/lib/platform/db';
import { platformAuditEvents } from './platform-schema';

/** The platform audit log, newest first, one keyset page (+1); for PLATFORM_* operators only (lib/operator). */
export function listPlatformAuditEvents(filters: { operatorId?: string; merchantId?: string; limit: number; cursor?: string }) {
  return db()
    .select()
    .from(platformAuditEvents)
    .where(
      and(
        filters.operatorId ? eq(platformAuditEvents.operatorId, filters.operatorId) : undefined,
        filters.merchantId ? sql`${platformAuditEvents.merchantIds} @> array[${filters.merchantId}]::uuid[]` : undefined,
        afterCursor(filters.cursor, platformAuditEvents.createdAt, platformAuditEvents.id),
      ),
    )
    .orderBy(...newestFirst(platformAuditEvents.createdAt, platformAuditEvents.id))
    .limit(filters.limit + 1);
}
