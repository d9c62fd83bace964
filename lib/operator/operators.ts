import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { listOperators } from '@/lib/auth/operators';
import { db } from '@/lib/platform/db';
import { issueInvitation } from '@/lib/team/issue-invitation';
import { portalUrl } from '@/lib/team/links';
import { emailLink } from '@/lib/team/mailer';
import { recordOperatorChange } from './audit';
import { pageOfRows } from './page';
import type { OperatorPrincipal } from './principal';
import type { InviteOperatorRequest } from './schemas';

export async function operatorsPage(page: { limit: number; cursor?: string }) {
  return pageOfRows(await listOperators(page), page.limit, (user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as OperatorPrincipal['role'],
    active: user.active,
    mfaEnabled: user.mfaEnabled,
    createdAt: user.createdAt.toISOString(),
  }));
}

/** The link works once, for 7 days; the new operator enrols in two factors at first sign-in. */
export async function inviteOperator(c: Context, operator: OperatorPrincipal, input: z.infer<typeof InviteOperatorRequest>) {
  const { invitation, token } = await db().transaction(async (tx) => {
    const issued = await issueInvitation(tx, { merchantId: null, email: input.email, role: input.role, invitedBy: operator.userId });
    await recordOperatorChange(tx, operator, {
      action: 'operator.invited',
      targetType: 'invitation',
      targetId: issued.invitation.id,
      summary: `invited ${issued.invitation.email} (${input.firstName} ${input.lastName}) as ${input.role}.`,
      details: { email: issued.invitation.email, role: input.role, firstName: input.firstName, lastName: input.lastName },
    });
    return issued;
  });
  const url = portalUrl(c, `/invitations/${token}`);
  const emailed = await emailLink(
    invitation.email,
    'You are invited to the Collect operator console',
    `You have been invited to Collect's operator console as ${input.role}. Set your name and password here (the link works once, for 7 days); you will set up two-factor sign-in next:\n\n${url}\n`,
  );
  return { id: invitation.id, email: invitation.email, role: input.role, invitation: { url, expiresAt: invitation.expiresAt.toISOString(), emailed } };
}
