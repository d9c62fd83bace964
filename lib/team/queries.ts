import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import type { Principal } from '@/lib/api/principal';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import { userTotp } from '@/lib/auth/mfa-schema';
import { requireAdmin } from '@/lib/auth/require-admin';
import { users } from '@/lib/auth/schema';
import { db } from '@/lib/platform/db';
import { invitations } from './schema';

export async function listTeam(principal: Principal, query: { limit: number; cursor?: string }) {
  requireAdmin(principal);
  const rows = await db()
    .select({ user: users, mfaEnabled: sql<boolean>`${userTotp.confirmedAt} is not null` })
    .from(users)
    .leftJoin(userTotp, and(eq(userTotp.userId, users.id), isNotNull(userTotp.confirmedAt)))
    .where(and(eq(users.merchantId, principal.merchantId), afterCursor(query.cursor, users.createdAt, users.id)))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(query.limit + 1);
  return rows.map(({ user, mfaEnabled }) => ({ ...user, mfaEnabled: Boolean(mfaEnabled) }));
}

export async function listInvitations(principal: Principal, query: { limit: number; cursor?: string }) {
  requireAdmin(principal);
  return listInvitationsOf(principal.merchantId, query);
}

/** One merchant's invitations, or the operator console's (`merchantId` null), newest first, one keyset page (+1). */
export function listInvitationsOf(merchantId: string | null, query: { limit: number; cursor?: string }) {
  return db()
    .select()
    .from(invitations)
    .where(and(merchantId === null ? isNull(invitations.merchantId) : eq(invitations.merchantId, merchantId), afterCursor(query.cursor, invitations.createdAt, invitations.id)))
    .orderBy(...newestFirst(invitations.createdAt, invitations.id))
    .limit(query.limit + 1);
}

/** A merchant's users for the provider's operators (lib/operator), with whether each has two factors. */
export async function listMerchantUsers(scope: TenantScope, limit = 200) {
  const rows = await db()
    .select({ user: users, mfaEnabled: sql<boolean>`${userTotp.confirmedAt} is not null` })
    .from(users)
    .leftJoin(userTotp, and(eq(userTotp.userId, users.id), isNotNull(userTotp.confirmedAt)))
    .where(visibleTo({ merchantId: scope.merchantId, subMerchantId: null }, users))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(limit);
  return rows.map(({ user, mfaEnabled }) => ({ ...user, mfaEnabled: Boolean(mfaEnabled) }));
}
