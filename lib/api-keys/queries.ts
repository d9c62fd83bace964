import { and, eq } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import type { Principal } from '@/lib/api/principal';
import { requireAdmin } from '@/lib/auth/require-admin';
import { db } from '@/lib/platform/db';
import { apiKeys } from './schema';

export async function listApiKeys(principal: Principal, query: { limit: number; cursor?: string }) {
  requireAdmin(principal);
  return db()
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, principal.merchantId), afterCursor(query.cursor, apiKeys.createdAt, apiKeys.id)))
    .orderBy(...newestFirst(apiKeys.createdAt, apiKeys.id))
    .limit(query.limit + 1);
}
