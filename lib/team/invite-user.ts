import type { z } from '@hono/zod-openapi';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { conflict, notFound, unprocessable } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { users } from '@/lib/auth/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { hashLinkToken, INVITATION_TTL_DAYS, newLinkToken } from './links';
import { invitations } from './schema';
import type { InviteRequest } from './schemas';
import { assertSubMerchantOf } from './sub-merchant';

/** Admins run the whole merchant: an administrator limited to one sub-merchant is refused. */
export function assertRoleFitsScope(role: string, subMerchantId: string | null | undefined): void {
  if (role === 'MERCHANT_ADMIN' && subMerchantId) {
    throw unprocessable('An administrator cannot be limited to a sub-merchant.', [{ path: 'subMerchantId', message: 'Leave empty for MERCHANT_ADMIN.' }]);
  }
}

/** An invitation and its token; the token exists only in this answer (and the email). */
export async function inviteUser(principal: Principal, input: z.infer<typeof InviteRequest>) {
  requireAdmin(principal);
  assertRoleFitsScope(input.role, input.subMerchantId);
  const email = input.email.toLowerCase();
  const token = newLinkToken('inv');
  return db().transaction(async (tx) => {
    const subMerchantId = await assertSubMerchantOf(tx, principal.merchantId, input.subMerchantId);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw conflict(`A user with the email ${email} already exists.`);
    // A new invitation replaces a pending one to the same address: only the newest link works.
    await tx
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(invitations.merchantId, principal.merchantId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    const [invitation] = await tx
      .insert(invitations)
      .values({
        merchantId: principal.merchantId,
        email,
        role: input.role,
        subMerchantId,
        tokenHash: hashLinkToken(token),
        invitedBy: principal.userId,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
      })
      .returning();
    await recordAudit(tx, {
      action: 'invitation.created',
      target: { type: 'invitation', id: invitation!.id },
      summary: `Invited ${email} as ${input.role}${subMerchantId ? ' for one sub-merchant' : ''}.`,
      details: { email, role: input.role, subMerchantId },
    });
    return { invitation: invitation!, token };
  });
}

export async function revokeInvitation(principal: Principal, invitationId: string) {
  requireAdmin(principal);
  return db().transaction(async (tx) => {
    const { invitation, withdrawn } = await withdrawInvitation(tx, principal.merchantId, invitationId);
    if (!withdrawn) return invitation;
    await recordAudit(tx, {
      action: 'invitation.revoked',
      target: { type: 'invitation', id: invitation.id },
      summary: `Invitation of ${invitation.email} revoked.`,
      details: { email: invitation.email },
    });
    return invitation;
  });
}

/**
 * Withdraws a pending invitation of one merchant, or of the operator console (`merchantId` null),
 * inside the caller's transaction, which records it in its own audit log. `withdrawn` is false when
 * it was withdrawn before (nothing changed); an accepted one is refused (409): disable the user.
 */
export async function withdrawInvitation(tx: Queryable, merchantId: string | null, invitationId: string) {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), merchantId === null ? isNull(invitations.merchantId) : eq(invitations.merchantId, merchantId)))
    .for('update');
  if (!invitation) throw notFound('The invitation');
  if (invitation.acceptedAt) throw conflict('The invitation has already been accepted; disable the user instead.');
  if (invitation.revokedAt) return { invitation, withdrawn: false };
  const [revoked] = await tx.update(invitations).set({ revokedAt: sql`now()` }).where(eq(invitations.id, invitationId)).returning();
  return { invitation: revoked!, withdrawn: true };
}
