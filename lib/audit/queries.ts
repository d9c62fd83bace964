import type { z } from '@hono/zod-openapi';
import { and, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import type { Principal } from '@/lib/api/principal';
import { requireAdmin } from '@/lib/auth/require-admin';
import { readDb } from '@/lib/platform/db/read-pool';
import { auditEvents } from './schema';
import type { AuditEventQuery } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function actionFilter(action: string): SQL {
  // `user.*` is every user.… action; "_" is a LIKE wildcard, so it is escaped.
  if (action.endsWith('.*')) return like(auditEvents.action, `${action.slice(0, -1).replaceAll('_', '\\_')}%`);
  return eq(auditEvents.action, action);
}

/** An administrator's view of its merchant's entries, filtered, one keyset page (+1 to tell if there is more). */
export async function listAuditEvents(principal: Principal, query: z.infer<typeof AuditEventQuery>) {
  requireAdmin(principal);
  const actor = query.actor;
  return readDb()
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.merchantId, principal.merchantId),
        actor ? (UUID.test(actor) ? eq(auditEvents.actorId, actor) : or(eq(auditEvents.actorLabel, actor), eq(auditEvents.actorLabel, actor.toLowerCase()))) : undefined,
        query.action ? actionFilter(query.action) : undefined,
        query.target ? eq(auditEvents.targetId, query.target) : undefined,
        query.from ? gte(auditEvents.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(auditEvents.createdAt, new Date(query.to)) : undefined,
        afterCursor(query.cursor, auditEvents.createdAt, auditEvents.id),
      ),
    )
    .orderBy(...newestFirst(auditEvents.createdAt, auditEvents.id))
    .limit(query.limit + 1);
}
