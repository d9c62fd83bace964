import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/lib/auth/schema';
import { db } from '@/lib/platform/db';
import { invitations, passwordResets } from '@/lib/team/schema';
import { useTestApi } from '../support/api-server';
import { newSubMerchant, signIn, uniqueEmail } from '../support/fixtures';
import { adminOfNewMerchant, json, login, signedInAs } from './helpers';

const api = useTestApi();
const tokenOf = (url: string) => url.split('/').at(-1)!;
const person = { firstName: 'Baraka', lastName: 'Mwangi', password: 'a-long-new-password' };

async function invite(adminToken: string, body: Record<string, unknown>) {
  return json<{ id: string; inviteUrl: string; status: string; emailed: boolean; expiresAt: string; createdAt: string }>(
    await api.request('POST', '/merchants/me/users/invitations', { token: adminToken, json: body }),
    201,
  );
}

describe('invitations', () => {
  it('invites a user who sets a name and password through the link, then signs in with the invited role', async () => {
    const admin = await adminOfNewMerchant(api);
    const email = uniqueEmail('invitee');
    const created = await invite(admin.token, { email, role: 'SUPPORT' });
    expect(created).toMatchObject({ email, role: 'SUPPORT', status: 'PENDING', emailed: false });
    expect(created.inviteUrl).toMatch(new RegExp(`^${api.baseUrl}/invitations/inv_[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(7 * 86_400_000);
    const [stored] = await db().select().from(invitations).where(eq(invitations.id, created.id));
    expect(stored!.tokenHash).not.toContain(tokenOf(created.inviteUrl));

    const token = tokenOf(created.inviteUrl);
    const preview = await json(await api.request('GET', `/auth/invitations/${token}`), 200);
    expect(preview).toMatchObject({ email, role: 'SUPPORT', merchantName: 'Test Merchant' });
    const accepted = await json<{ userId: string }>(await api.request('POST', `/auth/invitations/${token}/accept`, { json: person }), 201);
    const { accessToken } = await signIn(api, email, person.password);
    const me = await json(await api.request('GET', '/auth/me', { token: accessToken }), 200);
    expect(me).toMatchObject({ id: accepted.userId, role: 'SUPPORT', firstName: 'Baraka', merchantId: admin.merchant.id });

    const listed = await json<{ id: string; status: string }[]>(await api.request('GET', '/merchants/me/users/invitations', { token: admin.token }), 200);
    expect(listed.find((entry) => entry.id === created.id)?.status).toBe('ACCEPTED');
  });

  it('lets a leaked invitation link be used once only, and never after it expires or is withdrawn', async () => {
    const admin = await adminOfNewMerchant(api);
    const first = await invite(admin.token, { email: uniqueEmail('once'), role: 'PLAIN_MERCHANT' });
    await json(await api.request('POST', `/auth/invitations/${tokenOf(first.inviteUrl)}/accept`, { json: person }), 201);
    const twice = await api.request('POST', `/auth/invitations/${tokenOf(first.inviteUrl)}/accept`, { json: { ...person, password: 'attacker-password' } });
    expect(twice.status).toBe(410);
    expect((await twice.json()).code).toBe('link_used');

    const expiring = await invite(admin.token, { email: uniqueEmail('late'), role: 'PLAIN_MERCHANT' });
    await db().update(invitations).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(invitations.id, expiring.id));
    const late = await api.request('POST', `/auth/invitations/${tokenOf(expiring.inviteUrl)}/accept`, { json: person });
    expect(late.status).toBe(410);
    expect((await late.json()).code).toBe('link_expired');
    expect((await api.request('GET', `/auth/invitations/${tokenOf(expiring.inviteUrl)}`)).status).toBe(410);

    const withdrawn = await invite(admin.token, { email: uniqueEmail('withdrawn'), role: 'SUPPORT' });
    await json(await api.request('POST', `/merchants/me/users/invitations/${withdrawn.id}/revoke`, { token: admin.token }), 200);
    const refused = await api.request('POST', `/auth/invitations/${tokenOf(withdrawn.inviteUrl)}/accept`, { json: person });
    expect(refused.status).toBe(410);
    expect((await refused.json()).code).toBe('link_revoked');
    // No user was created by any refused link.
    const emails = (await db().select({ email: users.email }).from(users).where(eq(users.merchantId, admin.merchant.id))).map((row) => row.email);
    expect(emails).toHaveLength(2);

    expect((await api.request('GET', '/auth/invitations/inv_unknown')).status).toBe(404);
  });

  it('refuses to invite an existing user, an administrator limited to a sub-merchant, and any of it from a non-admin', async () => {
    const admin = await adminOfNewMerchant(api);
    const taken = await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: admin.user.email, role: 'SUPPORT' } });
    expect(taken.status).toBe(409);
    const branch = await newSubMerchant(admin.merchant.id);
    const scopedAdmin = await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: uniqueEmail(), role: 'MERCHANT_ADMIN', subMerchantId: branch.id } });
    expect(scopedAdmin.status).toBe(422);
    expect((await scopedAdmin.json()).errors[0].path).toBe('subMerchantId');
    const bad = await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: 'nope', role: 'BOSS' } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.map((error: { path: string }) => error.path).sort()).toEqual(['email', 'role']);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    expect((await api.request('POST', '/merchants/me/users/invitations', { token: plain.token, json: { email: uniqueEmail(), role: 'SUPPORT' } })).status).toBe(403);
    expect((await api.request('GET', '/merchants/me/users', { token: plain.token })).status).toBe(403);
    expect(await json<unknown[]>(await api.request('GET', '/merchants/me/users/invitations', { token: admin.token }), 200)).toEqual([]);
  });
});

describe('managing users', () => {
  it("changes a user's role and sub-merchant, effective on the user's next request", async () => {
    const admin = await adminOfNewMerchant(api);
    const support = await signedInAs(api, admin.merchant.id, 'SUPPORT');
    expect((await api.request('POST', '/merchants/me/users/invitations', { token: support.token, json: { email: uniqueEmail(), role: 'SUPPORT' } })).status).toBe(403);
    const branch = await newSubMerchant(admin.merchant.id);
    const changed = await json(await api.request('PATCH', `/merchants/me/users/${support.user.id}`, { token: admin.token, json: { role: 'PLAIN_MERCHANT', subMerchantId: branch.id } }), 200);
    expect(changed).toMatchObject({ role: 'PLAIN_MERCHANT', subMerchantId: branch.id });
    const me = await json(await api.request('GET', '/auth/me', { token: support.token }), 200);
    expect(me).toMatchObject({ role: 'PLAIN_MERCHANT', subMerchantId: branch.id });
    const promoted = await json(await api.request('PATCH', `/merchants/me/users/${support.user.id}`, { token: admin.token, json: { role: 'MERCHANT_ADMIN' } }), 200);
    expect(promoted).toMatchObject({ role: 'MERCHANT_ADMIN', subMerchantId: null });
    await json(await api.request('GET', '/merchants/me/users', { token: support.token }), 200);
  });

  it('always keeps one active administrator', async () => {
    const admin = await adminOfNewMerchant(api);
    const demote = await api.request('PATCH', `/merchants/me/users/${admin.user.id}`, { token: admin.token, json: { role: 'PLAIN_MERCHANT' } });
    expect(demote.status).toBe(409);
    expect((await demote.json()).code).toBe('last_admin');
    expect((await api.request('POST', `/merchants/me/users/${admin.user.id}/disable`, { token: admin.token })).status).toBe(409);
    const second = await signedInAs(api, admin.merchant.id, 'MERCHANT_ADMIN');
    // Two admins demoting each other at once: exactly one succeeds.
    const answers = await Promise.all([
      api.request('PATCH', `/merchants/me/users/${second.user.id}`, { token: admin.token, json: { role: 'SUPPORT' } }),
      api.request('PATCH', `/merchants/me/users/${admin.user.id}`, { token: second.token, json: { role: 'SUPPORT' } }),
    ]);
    // The loser is refused either by the last-admin rule (409) or, when the winner committed before
    // the loser's request was authorised, because the loser is no longer an administrator (403).
    const [won, lost] = answers.map((answer) => answer.status).sort();
    expect(won).toBe(200);
    expect(lost).toBeOneOf([403, 409]);
    const admins = await db().select().from(users).where(eq(users.merchantId, admin.merchant.id));
    expect(admins.filter((user) => user.role === 'MERCHANT_ADMIN')).toHaveLength(1);
  });

  it('disables a user, ending their sessions at once, and enables them again', async () => {
    const admin = await adminOfNewMerchant(api);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    await json(await api.request('POST', `/merchants/me/users/${plain.user.id}/disable`, { token: admin.token }), 200);
    expect((await api.request('GET', '/auth/me', { token: plain.token })).status).toBe(401);
    expect((await login(api, plain.user.email, plain.password)).status).toBe(403);
    await json(await api.request('POST', `/merchants/me/users/${plain.user.id}/enable`, { token: admin.token }), 200);
    expect((await login(api, plain.user.email, plain.password)).status).toBe(200);
    const other = await adminOfNewMerchant(api);
    expect((await api.request('POST', `/merchants/me/users/${plain.user.id}/disable`, { token: other.token })).status).toBe(404);
  });

  it('issues a password-reset link that works once, before it expires, and ends the old sessions', async () => {
    const admin = await adminOfNewMerchant(api);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    const link = await json<{ resetUrl: string; expiresAt: string }>(await api.request('POST', `/merchants/me/users/${plain.user.id}/password-reset`, { token: admin.token }), 201);
    expect(link.resetUrl).toMatch(/\/reset-password\/rst_[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link.resetUrl);
    expect(await json(await api.request('GET', `/auth/password-resets/${token}`), 200)).toMatchObject({ email: plain.user.email });
    await json(await api.request('POST', `/auth/password-resets/${token}`, { json: { password: 'brand-new-password' } }), 204);
    expect((await api.request('GET', '/auth/me', { token: plain.token })).status).toBe(401);
    expect((await login(api, plain.user.email, 'brand-new-password')).status).toBe(200);
    const twice = await api.request('POST', `/auth/password-resets/${token}`, { json: { password: 'attacker-password' } });
    expect(twice.status).toBe(410);
    expect((await twice.json()).code).toBe('link_used');

    const late = await json<{ resetUrl: string }>(await api.request('POST', `/merchants/me/users/${plain.user.id}/password-reset`, { token: admin.token }), 201);
    await db().update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResets.userId, plain.user.id));
    const expired = await api.request('POST', `/auth/password-resets/${tokenOf(late.resetUrl)}`, { json: { password: 'attacker-password' } });
    expect(expired.status).toBe(410);
    expect((await expired.json()).code).toBe('link_expired');
    expect((await login(api, plain.user.email, 'attacker-password')).status).toBe(401);
  });

  it('lets users change their own password with the current one, ending their other sessions only', async () => {
    const admin = await adminOfNewMerchant(api);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    const other = await signIn(api, plain.user.email, plain.password);
    const wrong = await api.request('POST', '/auth/password', { token: plain.token, json: { currentPassword: 'not-it', newPassword: 'another-password' } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors[0].path).toBe('currentPassword');
    await json(await api.request('POST', '/auth/password', { token: plain.token, json: { currentPassword: plain.password, newPassword: 'another-password' } }), 204);
    expect((await api.request('GET', '/auth/me', { token: plain.token })).status).toBe(200);
    expect((await api.request('GET', '/auth/me', { token: other.accessToken })).status).toBe(401);
    expect((await login(api, plain.user.email, 'another-password')).status).toBe(200);
  });
});

describe('MERCHANT_ADMIN', () => {
  it('is the role of the first user of a new merchant', async () => {
    const admin = await adminOfNewMerchant(api);
    expect(await json(await api.request('GET', '/auth/me', { token: admin.token }), 200)).toMatchObject({ role: 'MERCHANT_ADMIN' });
  });

  it("is given by migration 0018 to each merchant's earliest unscoped PLAIN_MERCHANT user when it has no admin", async () => {
    const admin = await adminOfNewMerchant(api);
    const later = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    await db().update(users).set({ role: 'PLAIN_MERCHANT' }).where(eq(users.id, admin.user.id));
    const promotion = readFileSync('migrations/0018_team_keys_audit.sql', 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "users"'))!
      .trim()
      .replace(/;$/, '');
    // Limited to this test's merchant, so that test files running alongside are not touched.
    const onlyHere = sql.raw(`${promotion} AND "users"."merchant_id" = '${admin.merchant.id}'`);
    await db().execute(onlyHere);
    await db().execute(onlyHere); // a second run changes nothing
    const roles = Object.fromEntries((await db().select().from(users).where(eq(users.merchantId, admin.merchant.id))).map((user) => [user.id, user.role]));
    expect(roles).toEqual({ [admin.user.id]: 'MERCHANT_ADMIN', [later.user.id]: 'PLAIN_MERCHANT' });
  });
});
