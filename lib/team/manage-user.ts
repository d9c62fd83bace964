import type { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { users } from '@/lib/auth/schema';
import { endSessionsOf } from '@/lib/auth/sessions';
import type { Queryable } from '@/lib/platform/db';
import { db } from '@/lib/platform/db';
import { assertRoleFitsScope } from './invite-user';
import { assertAnotherActiveAdmin, lockMerchantTeam } from './lock-merchant';
import type { ChangeUserRequest } from './schemas';
import { assertSubMerchantOf } from './sub-merchant';

async function lockedUser(tx: Queryable, principal: Principal, userId: string) {
  await lockMerchantTeam(tx, principal.merchantId);
  const [user] = await tx.select().from(users).where(and(eq(users.id, userId), eq(users.merchantId, principal.merchantId)));
  if (!user) throw notFound('The user');
  return user;
}

/** Role and sub-merchant take effect on the user's next request (the principal is re-read each time). */
export async function changeUser(principal: Principal, userId: string, input: z.infer<typeof ChangeUserRequest>) {
  requireAdmin(principal);
  return db().transaction(async (tx) => {
    const user = await lockedUser(tx, principal, userId);
    const role = input.role ?? user.role;
    let subMerchantId = input.subMerchantId === undefined ? user.subMerchantId : input.subMerchantId;
    // Promoting a scoped user makes it merchant-wide unless a sub-merchant is named (then refused).
    if (input.role === 'MERCHANT_ADMIN' && input.subMerchantId === undefined) subMerchantId = null;
    assertRoleFitsScope(role, subMerchantId);
    subMerchantId = await assertSubMerchantOf(tx, principal.merchantId, subMerchantId);
    if (user.role === 'MERCHANT_ADMIN' && role !== 'MERCHANT_ADMIN' && user.active) {
      await assertAnotherActiveAdmin(tx, principal.merchantId, user.id);
    }
    const [changed] = await tx.update(users).set({ role, subMerchantId }).where(eq(users.id, user.id)).returning();
    if (role !== user.role) {
      await recordAudit(tx, {
        action: 'user.role_changed',
        target: { type: 'user', id: user.id },
        summary: `${user.email}: role ${user.role} → ${role}.`,
        details: { email: user.email, from: user.role, to: role },
      });
    }
    if (subMerchantId !== user.subMerchantId) {
      await recordAudit(tx, {
        action: 'user.sub_merchant_changed',
        target: { type: 'user', id: user.id },
        summary: `${user.email}: ${subMerchantId ? 'limited to one sub-merchant' : 'now sees the whole merchant'}.`,
        details: { email: user.email, from: user.subMerchantId, to: subMerchantId },
      });
    }
    return changed!;
  });
}

/** Disabling ends every session at once, as `user:disable` does; the last active administrator cannot be disabled. */
export async function setUserActiveByAdmin(principal: Principal, userId: string, active: boolean) {
  requireAdmin(principal);
  return db().transaction(async (tx) => {
    const user = await lockedUser(tx, principal, userId);
    if (user.active === active) return user;
    if (!active && user.role === 'MERCHANT_ADMIN') await assertAnotherActiveAdmin(tx, principal.merchantId, user.id);
    const [changed] = await tx.update(users).set({ active }).where(eq(users.id, user.id)).returning();
    if (!active) await endSessionsOf(tx, user.id, 'user_disabled');
    await recordAudit(tx, {
      action: active ? 'user.enabled' : 'user.disabled',
      target: { type: 'user', id: user.id },
      summary: `${user.email} ${active ? 'enabled' : 'disabled'}${active ? '' : '; their sessions ended'}.`,
      details: { email: user.email },
    });
    return changed!;
  });
}
