import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { db, type Queryable } from '@/lib/platform/db';
import { virtualAccounts, type AccountPurpose } from './schema';

export interface Page {
  limit: number;
  cursor?: string;
}

export async function findVisibleAccount(principal: TenantScope, virtualAccountId: string) {
  const [account] = await db()
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.id, virtualAccountId), visibleTo(principal, virtualAccounts)));
  if (!account) throw notFound('The virtual account');
  return account;
}

/**
 * The merchant-wide LEGACY account. Not filtered by visibleTo: callers decide whether the
 * principal may see it (a scoped user may not; a payer of a visible bill may be sent to it).
 */
export async function legacyAccountOf(tx: Queryable, merchantId: string) {
  const [account] = await tx
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.merchantId, merchantId), isNull(virtualAccounts.subMerchantId), eq(virtualAccounts.purpose, 'LEGACY')))
    .orderBy(asc(virtualAccounts.createdAt), asc(virtualAccounts.id))
    .limit(1);
  return account;
}

export async function legacyAccountFor(principal: Principal) {
  if (principal.subMerchantId) {
    throw new ApiError(
      404,
      'not_found',
      'Not found',
      'The LEGACY account belongs to the whole merchant, and this user is scoped to a sub-merchant; list the sub-merchant\'s accounts with GET /merchants/me/virtual-accounts.',
    );
  }
  const account = await legacyAccountOf(db(), principal.merchantId);
  if (!account) throw notFound('The LEGACY virtual account');
  return account;
}

export interface AccountFilters {
  purpose?: AccountPurpose | AccountPurpose[];
  status?: 'ACTIVE' | 'CLOSED';
  currency?: string;
}

export function listVisibleAccounts(principal: TenantScope, filters: AccountFilters, page: Page) {
  return db()
    .select()
    .from(virtualAccounts)
    .where(
      and(
        visibleTo(principal, virtualAccounts),
        filters.purpose ? inArray(virtualAccounts.purpose, [filters.purpose].flat()) : undefined,
        filters.status ? eq(virtualAccounts.status, filters.status) : undefined,
        filters.currency ? eq(virtualAccounts.currency, filters.currency) : undefined,
        afterCursor(page.cursor, virtualAccounts.createdAt, virtualAccounts.id),
      ),
    )
    .orderBy(...newestFirst(virtualAccounts.createdAt, virtualAccounts.id))
    .limit(page.limit + 1);
}
