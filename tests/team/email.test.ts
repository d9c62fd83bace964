import { afterAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { uniqueEmail } from '../support/fixtures';
import { adminOfNewMerchant, json } from './helpers';
import { startSmtpServer } from './smtp-server';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({ SMTP_URL: smtp.url, SMTP_FROM: 'Collect <team@collect.test>', PUBLIC_URL: 'https://portal.collect.test' });

/** Quoted-printable soft line breaks ("=" at a line's end) joined back, so a long link reads whole. */
const unfolded = (data: string) => data.replace(/=\n/g, '').replace(/=3D/g, '=');

describe('email with SMTP_URL set', () => {
  it('sends the invitation link to the invitee, at the public address, and says so', async () => {
    const admin = await adminOfNewMerchant(api);
    const email = uniqueEmail('mailed');
    const created = await json<{ inviteUrl: string; emailed: boolean }>(
      await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email, role: 'SUPPORT' } }),
      201,
    );
    expect(created.emailed).toBe(true);
    expect(created.inviteUrl).toMatch(/^https:\/\/portal\.collect\.test\/invitations\/inv_/);
    const mail = smtp.received.find((message) => message.to.includes(email))!;
    expect(mail.from).toBe('team@collect.test');
    expect(unfolded(mail.data)).toContain(created.inviteUrl);
  });

  it('sends a password-reset link to the user', async () => {
    const admin = await adminOfNewMerchant(api);
    const invited = uniqueEmail('reset');
    const invitation = await json<{ inviteUrl: string }>(await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: invited, role: 'SUPPORT' } }), 201);
    const { userId } = await json<{ userId: string }>(
      await api.request('POST', `/auth/invitations/${invitation.inviteUrl.split('/').at(-1)}/accept`, { json: { firstName: 'A', lastName: 'B', password: 'a-long-password' } }),
      201,
    );
    const link = await json<{ resetUrl: string; emailed: boolean }>(await api.request('POST', `/merchants/me/users/${userId}/password-reset`, { token: admin.token }), 201);
    expect(link.emailed).toBe(true);
    const mails = smtp.received.filter((message) => message.to.includes(invited));
    expect(unfolded(mails.at(-1)!.data)).toContain(link.resetUrl);
  });
});

describe('email when the mail server is down', () => {
  it('still makes the invitation, and says it was not emailed', async () => {
    // The server now refuses connections: the invitation stands and the link is in the answer.
    await smtp.close();
    const admin = await adminOfNewMerchant(api);
    const created = await json<{ inviteUrl: string; emailed: boolean }>(
      await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: uniqueEmail('down'), role: 'SUPPORT' } }),
      201,
    );
    expect(created.emailed).toBe(false);
    expect(created.inviteUrl).toMatch(/\/invitations\/inv_/);
  });
});
