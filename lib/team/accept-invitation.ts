import type { z } from '@hono/zod-openapi';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { conflict } from '@/lib/api/errors';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword } from '@/lib/auth/passwords';
import { users } from '@/lib/auth/schema';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { linkGone, unknownLink } from './link-errors';
import { hashLinkToken } from './links';
import { invitations } from './schema';
import type { AcceptInvitationRequest } from './schemas';

type InvitationRow = typeof invitations.$inferSelect;
const OPERATOR_CONSOLE_NAME = 'Collect operator console';

function refusalFor(invitation: InvitationRow | undefined) {
  if (!invitation) return unknownLink();
  if (invitation.acceptedAt) return linkGone('used');
  if (invitation.revokedAt) return linkGone('revoked');
  return linkGone('expired');
}

async function findByToken(token: string) {
  const [invitation] = await db().select().from(invitations).where(eq(invitations.tokenHash, hashLinkToken(token)));
  return invitation;
}

/** What the invitation page shows before the invitee sets a password. */
export async function previewInvitation(token: string) {
  const invitation = await findByToken(token);
  if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= Date.now()) throw refusalFor(invitation);
  // An operator's invitation (no merchant) joins the provider's own console.
  const [merchant] = invitation.merchantId ? await db().select({ name: merchants.name }).from(merchants).where(eq(merchants.id, invitation.merchantId)) : [{ name: OPERATOR_CONSOLE_NAME }];
  return { email: invitation.email, merchantName: merchant!.name, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() };
}

/** Claims the invitation (once: the update is the claim) and creates the user, in one transaction. */
export async function acceptInvitation(token: string, input: z.infer<typeof AcceptInvitationRequest>) {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashLinkToken(token);
  return db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
      .returning();
    if (!claimed) throw refusalFor(await findByToken(token));
    let user;
    try {
      [user] = await tx
        .insert(users)
        .values({
          merchantId: claimed.merchantId,
          subMerchantId: claimed.subMerchantId,
          email: claimed.email,
          passwordHash,
          role: claimed.role,
          firstName: input.firstName,
          lastName: input.lastName,
        })
        .returning();
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'users_email_key') throw conflict(`A user with the email ${claimed.email} already exists.`);
      throw error;
    }
    await tx.update(invitations).set({ acceptedUserId: user!.id }).where(eq(invitations.id, claimed.id));
    await recordAudit(tx, {
      merchantId: claimed.merchantId,
      actor: { type: 'user', id: user!.id, label: user!.email },
      action: 'invitation.accepted',
      target: { type: 'user', id: user!.id },
      summary: `${user!.email} accepted the invitation and joined as ${user!.role}.`,
      details: { invitationId: claimed.id, role: user!.role },
    });
    return { userId: user!.id, email: user!.email };
  });
}
