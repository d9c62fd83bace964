import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { notFound } from '@/lib/api/errors';
import { db, type Queryable } from '@/lib/platform/db';
import { merchants, type MerchantStatus } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type MerchantRow = typeof merchants.$inferSelect;

/**
 * Every merchant, for the provider's operators (lib/operator): the one query that reads across
 * merchants by design. `q` is a merchant's id, or part of its name.
 */
export function searchMerchants(filters: { q?: string; status?: MerchantStatus; limit: number; cursor?: string }): Promise<MerchantRow[]> {
  const q = filters.q?.trim();
  const byText = q ? (UUID.test(q) ? eq(merchants.id, q) : ilike(merchants.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined;
  return db()
    .select()
    .from(merchants)
    .where(and(byText, filters.status ? eq(merchants.status, filters.status) : undefined, afterCursor(filters.cursor, merchants.createdAt, merchants.id)))
    .orderBy(...newestFirst(merchants.createdAt, merchants.id))
    .limit(filters.limit + 1);
}

export async function merchantById(merchantId: string, q: Queryable = db()): Promise<MerchantRow> {
  const [merchant] = UUID.test(merchantId) ? await q.select().from(merchants).where(eq(merchants.id, merchantId)) : [];
  if (!merchant) throw notFound('The merchant');
  return merchant;
}

/** The merchants named, by id (a search's results name their merchants). */
export async function merchantNames(merchantIds: string[], q: Queryable = db()): Promise<Map<string, string>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await q.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, [...new Set(merchantIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Disables or enables, locking the row; answers the row before and after. Nothing else is deleted or changed here. */
export async function setMerchantStatus(tx: Queryable, merchantId: string, status: MerchantStatus, reason: string | null) {
  const [before] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!before) throw notFound('The merchant');
  const [after] = await tx
    .update(merchants)
    .set(status === 'DISABLED' ? { status, disabledAt: sql`now()`, disabledReason: reason } : { status, disabledAt: null, disabledReason: null })
    .where(eq(merchants.id, merchantId))
    .returning();
  return { before, after: after! };
}

export async function merchantIsDisabled(merchantId: string, q: Queryable = db()): Promise<boolean> {
  const [row] = await q.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.status === 'DISABLED';
}

