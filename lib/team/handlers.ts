import { authenticate } from '@/lib/auth/authenticate';
import { adminOnly, personOnly } from '@/lib/auth/require-admin';
import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { acceptInvitation, previewInvitation } from './accept-invitation';
import { inviteUser, revokeInvitation } from './invite-user';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset } from './forgot-password';
import { portalUrl } from './links';
import { emailLink } from './mailer';
import { config } from '@/lib/platform/config';
import { changeUser, setUserActiveByAdmin } from './manage-user';
import { changeOwnPassword, issuePasswordReset, previewPasswordReset, usePasswordReset } from './passwords';
import { listInvitations, listTeam } from './queries';
import { teamRoutes as routes } from './routes';
import { readSecurityPolicy, setSecurityPolicy } from './security-policy';
import { toInvitationJson, toTeamUserJson } from './serialize';

const asTeamUser = (user: Parameters<typeof toTeamUserJson>[0] | Omit<Parameters<typeof toTeamUserJson>[0], 'mfaEnabled'>) =>
  toTeamUserJson({ mfaEnabled: false, ...user });

export function registerTeamRoutes(app: ApiApp): void {
  for (const path of ['/merchants/me/users', '/merchants/me/users/*', '/merchants/me/security-policy']) app.use(path, adminOnly);
  app.openapi(routes.list, async (c) => {
    const query = c.req.valid('query');
    return c.json(pageOf(c, await listTeam(c.get('principal'), query), query.limit).map(toTeamUserJson), 200);
  });

  app.openapi(routes.listInvitations, async (c) => {
    const query = c.req.valid('query');
    return c.json(pageOf(c, await listInvitations(c.get('principal'), query), query.limit).map(toInvitationJson), 200);
  });

  app.openapi(routes.invite, async (c) => {
    const { invitation, token } = await inviteUser(c.get('principal'), c.req.valid('json'));
    const inviteUrl = portalUrl(c, `/invitations/${token}`);
    const emailed = await emailLink(
      invitation.email,
      'You are invited to Collect',
      `You have been invited to a merchant's Collect portal. Set your name and password here (the link works once, for 7 days):\n\n${inviteUrl}\n`,
    );
    return c.json({ ...toInvitationJson(invitation), inviteUrl, emailed }, 201);
  });

  app.openapi(routes.revokeInvitation, async (c) => {
    return c.json(toInvitationJson(await revokeInvitation(c.get('principal'), c.req.valid('param').invitationId)), 200);
  });

  app.openapi(routes.change, async (c) => {
    return c.json(asTeamUser(await changeUser(c.get('principal'), c.req.valid('param').userId, c.req.valid('json'))), 200);
  });

  app.openapi(routes.disable, async (c) => {
    return c.json(asTeamUser(await setUserActiveByAdmin(c.get('principal'), c.req.valid('param').userId, false)), 200);
  });

  app.openapi(routes.enable, async (c) => {
    return c.json(asTeamUser(await setUserActiveByAdmin(c.get('principal'), c.req.valid('param').userId, true)), 200);
  });

  app.openapi(routes.passwordReset, async (c) => {
    const { token, email, expiresAt } = await issuePasswordReset(c.get('principal'), c.req.valid('param').userId);
    const resetUrl = portalUrl(c, `/reset-password/${token}`);
    const emailed = await emailLink(email, 'Set a new Collect password', `Set a new password for your Collect portal here (the link works once, for 24 hours):\n\n${resetUrl}\n`);
    return c.json({ resetUrl, expiresAt: expiresAt.toISOString(), emailed }, 201);
  });

  app.openapi(routes.getPolicy, async (c) => c.json(await readSecurityPolicy(c.get('principal')), 200));
  app.openapi(routes.setPolicy, async (c) => c.json(await setSecurityPolicy(c.get('principal'), c.req.valid('json').requireMfa), 200));

  app.openapi(routes.previewInvitation, async (c) => c.json(await previewInvitation(c.req.valid('param').token), 200));
  app.openapi(routes.acceptInvitation, async (c) => c.json(await acceptInvitation(c.req.valid('param').token, c.req.valid('json')), 201));
  app.openapi(routes.previewPasswordReset, async (c) => c.json(await previewPasswordReset(c.req.valid('param').token), 200));
  app.openapi(routes.forgotPassword, async (c) => {
    await requestPasswordReset(c, c.req.valid('json').email, Boolean(config().SMTP_URL));
    return c.json({ message: FORGOT_PASSWORD_ANSWER }, 202);
  });
  app.openapi(routes.usePasswordReset, async (c) => {
    await usePasswordReset(c.req.valid('param').token, c.req.valid('json').password);
    return c.body(null, 204);
  });

  app.use(routes.changePassword.path, authenticate, personOnly);
  app.openapi(routes.changePassword, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    await changeOwnPassword(c.get('principal'), currentPassword, newPassword);
    return c.body(null, 204);
  });
}
