import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { notFound, unprocessable } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { requireAdmin, requirePerson } from '@/lib/auth/require-admin';
import { users } from '@/lib/auth/schema';
import { db } from '@/lib/platform/db';
import { linkGone, unknownLink } from './link-errors';
import { hashLinkToken, newLinkToken, PASSWORD_RESET_TTL_HOURS } from './links';
import { endSessionsOf } from '@/lib/auth/sessions';
import { passwordResets } from './schema';

/** A one-time link with which the user sets a new password; issuing another withdraws the earlier ones. */
export async function issuePasswordReset(principal: Principal, userId: string) {
  requireAdmin(principal);
  const token = newLinkToken('rst');
  return db().transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.id, userId), eq(users.merchantId, principal.merchantId)));
    if (!user) throw notFound('The user');
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    const [reset] = await tx
      .insert(passwordResets)
      .values({ tokenHash: hashLinkToken(token), userId: user.id, createdBy: principal.userId, expiresAt: sql`now() + make_interval(hours => ${PASSWORD_RESET_TTL_HOURS})` })
      .returning();
    await recordAudit(tx, {
      action: 'user.password_reset_issued',
      target: { type: 'user', id: user.id },
      summary: `Password-reset link issued for ${user.email}.`,
      details: { email: user.email },
    });
    return { token, email: user.email, expiresAt: reset!.expiresAt };
  });
}

async function findReset(token: string) {
  const [row] = await db()
    .select({ reset: passwordResets, email: users.email, active: users.active })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashLinkToken(token)));
  return row;
}

const refusalFor = (row: Awaited<ReturnType<typeof findReset>>) =>
  !row ? unknownLink() : row.reset.usedAt ? linkGone('used') : linkGone('expired');

export async function previewPasswordReset(token: string) {
  const row = await findReset(token);
  if (!row || row.reset.usedAt || row.reset.expiresAt.getTime() <= Date.now()) throw refusalFor(row);
  return { email: row.email, expiresAt: row.reset.expiresAt.toISOString() };
}

/** Claims the link once, sets the password and ends every session of the user (whoever held the old one is out). */
export async function usePasswordReset(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, hashLinkToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning();
    if (!claimed) throw refusalFor(await findReset(token));
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId)).returning();
    await endSessionsOf(tx, user!.id, 'password_reset');
    await recordAudit(tx, {
      merchantId: user!.merchantId,
      actor: { type: 'user', id: user!.id, label: user!.email },
      action: 'user.password_reset',
      target: { type: 'user', id: user!.id },
      summary: `${user!.email} set a new password with a reset link; their sessions ended.`,
    });
  });
}

/** The signed-in user's own change: the current password proves it is them; every other session ends. */
export async function changeOwnPassword(principal: Principal, currentPassword: string, newPassword: string): Promise<void> {
  requirePerson(principal);
  const [user] = await db().select().from(users).where(eq(users.id, principal.userId));
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    // 422, not 401: the session is fine, one field is wrong.
    throw unprocessable('The current password is not correct.', [{ path: 'currentPassword', message: 'This is not your current password.' }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessionsOf(tx, user.id, 'password_changed', principal.sessionId);
    await recordAudit(tx, {
      action: 'user.password_changed',
      target: { type: 'user', id: user.id },
      summary: `${user.email} changed their password; their other sessions ended.`,
    });
  });
}
