import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { hasConfirmedTotp } from '@/lib/auth/mfa/verify';
import { listOperators, setOperatorActive } from '@/lib/auth/operators';
import { ApiError, conflict } from '@/lib/api/errors';
import { db } from '@/lib/platform/db';
import { issueInvitation } from '@/lib/team/issue-invitation';
import { withdrawInvitation } from '@/lib/team/invite-user';
import { listInvitationsOf } from '@/lib/team/queries';
import { invitationStatus } from '@/lib/team/serialize';
import { portalUrl } from '@/lib/team/links';
import { emailLink } from '@/lib/team/mailer';
import { recordOperatorChange } from './audit';
import { pageOfRows } from './page';
import type { OperatorPrincipal } from './principal';
import type { InviteOperatorRequest } from './schemas';

type OperatorRow = Awaited<ReturnType<typeof listOperators>>[number];

const toOperatorJson = (user: OperatorRow) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role as OperatorPrincipal['role'],
  active: user.active,
  mfaEnabled: user.mfaEnabled,
  createdAt: user.createdAt.toISOString(),
});

export async function operatorsPage(page: { limit: number; cursor?: string }) {
  return pageOfRows(await listOperators(page), page.limit, toOperatorJson);
}

/**
 * Disable or enable another operator (docs/operator.md, "Operators leave"): never oneself (a second
 * administrator must do it, so nobody locks the console by mistake), never the last active
 * PLATFORM_ADMIN (lib/auth/operators.ts). Disabling ends their sessions in the same transaction as
 * its platform audit row. 409 when they already are.
 */
export async function changeOperatorStatus(operator: OperatorPrincipal, userId: string, active: boolean, reason: string | undefined) {
  if (userId === operator.userId) {
    throw new ApiError(403, 'own_operator_account', 'Forbidden', 'An operator cannot disable or enable themselves: another PLATFORM_ADMIN must.');
  }
  return db().transaction(async (tx) => {
    const { before, after } = await setOperatorActive(tx, userId, active);
    if (before.active === active) throw conflict(`${before.email} is already ${active ? 'active' : 'disabled'}.`);
    const name = `${after.firstName} ${after.lastName}`.trim() || after.email;
    await recordOperatorChange(tx, operator, {
      action: active ? 'operator.enabled' : 'operator.disabled',
      targetType: 'operator',
      targetId: after.id,
      summary: `${active ? 'enabled' : 'disabled'} the operator ${name} <${after.email}>${active ? '' : '; their sessions ended'}${reason ? `: ${reason}` : '.'}`,
      details: { email: after.email, role: after.role, ...(reason ? { reason } : {}) },
    });
    return toOperatorJson({ ...after, mfaEnabled: await hasConfirmedTotp(tx, after.id) });
  });
}

type InvitationRow = Awaited<ReturnType<typeof listInvitationsOf>>[number];
const toOperatorInvitationJson = (row: InvitationRow) => ({
  id: row.id,
  email: row.email,
  role: row.role as OperatorPrincipal['role'],
  status: invitationStatus(row),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The console's own invitations (those with no merchant), newest first, each with its status. */
export async function operatorInvitationsPage(query: { limit: number; cursor?: string }) {
  return pageOfRows(await listInvitationsOf(null, query), query.limit, toOperatorInvitationJson);
}

/** Withdraws an operator invitation before it is accepted: the link stops working. Withdrawing it again changes nothing. */
export async function withdrawOperatorInvitation(operator: OperatorPrincipal, invitationId: string) {
  return db().transaction(async (tx) => {
    const { invitation, withdrawn } = await withdrawInvitation(tx, null, invitationId);
    if (withdrawn) {
      await recordOperatorChange(tx, operator, {
        action: 'operator.invitation_withdrawn',
        targetType: 'invitation',
        targetId: invitation.id,
        summary: `withdrew the operator invitation of ${invitation.email} (${invitation.role}).`,
        details: { email: invitation.email, role: invitation.role },
      });
    }
    return toOperatorInvitationJson(invitation);
  });
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
