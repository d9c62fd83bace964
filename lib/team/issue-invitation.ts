import { and, eq, isNull, sql } from 'drizzle-orm';
import { conflict } from '@/lib/api/errors';
import type { AnyUserRole } from '@/lib/api/principal';
import { users } from '@/lib/auth/schema';
import type { Queryable } from '@/lib/platform/db';
import { hashLinkToken, INVITATION_TTL_DAYS, newLinkToken } from './links';
import { invitations } from './schema';

/**
 * An invitation made by the provider's operator console: a merchant's first administrator, or a
 * new operator (merchantId null). Same link, expiry and acceptance as a merchant's own invitations
 * (lib/team/invite-user.ts); the token exists only in this answer (and the email).
 */
export async function issueInvitation(tx: Queryable, input: { merchantId: string | null; email: string; role: AnyUserRole; invitedBy: string }) {
  const email = input.email.toLowerCase();
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw conflict(`A user with the email ${email} already exists.`);
  // A new invitation replaces a pending one to the same address: only the newest link works.
  await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(input.merchantId ? eq(invitations.merchantId, input.merchantId) : isNull(invitations.merchantId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  const token = newLinkToken('inv');
  const [invitation] = await tx
    .insert(invitations)
    .values({ merchantId: input.merchantId, email, role: input.role, tokenHash: hashLinkToken(token), invitedBy: input.invitedBy, expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})` })
    .returning();
  return { invitation: invitation!, token };
}
