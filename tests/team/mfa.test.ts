import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userTotp } from '@/lib/auth/mfa-schema';
import { merchantSecurityPolicies } from '@/lib/team/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { freshAddress } from '../support/fixtures';
import { adminOfNewMerchant, json, login, signedInAs, totpCode } from './helpers';

const api = useTestApi();

/** Enrols the token's user and answers the secret and recovery codes. */
async function enrol(token: string) {
  const started = await json<{ secret: string; otpauthUrl: string; qrCodeSvg: string }>(await api.request('POST', '/auth/mfa/totp', { token }), 200);
  // The step before the current one, so that a sign-in right after can use the current code.
  const { recoveryCodes } = await json<{ recoveryCodes: string[] }>(
    await api.request('POST', '/auth/mfa/totp/confirm', { token, json: { code: totpCode(started.secret, Date.now() - 30_000) } }),
    200,
  );
  return { ...started, recoveryCodes };
}

async function mfaTokenFor(email: string, password: string, address = freshAddress()) {
  const response = await login(api, email, password, address);
  expect(response.status).toBe(401);
  const problem = await response.json();
  expect(problem).toMatchObject({ code: 'mfa_required', status: 401, mfaToken: expect.stringMatching(/^mfa_/) });
  return problem.mfaToken as string;
}

describe('two factors', () => {
  it('enrols with a QR code and a typed code, keeps the secret encrypted and gives ten recovery codes', async () => {
    const admin = await adminOfNewMerchant(api);
    const started = await json<{ secret: string; otpauthUrl: string; qrCodeSvg: string }>(await api.request('POST', '/auth/mfa/totp', { token: admin.token }), 200);
    expect(started.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Collect:.+\?.*secret=/);
    expect(started.qrCodeSvg).toContain('<svg');
    const [stored] = await db().select().from(userTotp).where(eq(userTotp.userId, admin.user.id));
    expect(stored!.secretCiphertext).not.toContain(started.secret);
    expect(stored!.confirmedAt).toBeNull();

    const wrong = await api.request('POST', '/auth/mfa/totp/confirm', { token: admin.token, json: { code: '000000' } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors[0].path).toBe('code');
    const { recoveryCodes } = await json<{ recoveryCodes: string[] }>(await api.request('POST', '/auth/mfa/totp/confirm', { token: admin.token, json: { code: totpCode(started.secret) } }), 200);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await json(await api.request('GET', '/auth/mfa', { token: admin.token }), 200)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  it('asks an enrolled user for a code after the password, and signs in with it once', async () => {
    const admin = await adminOfNewMerchant(api);
    const { secret } = await enrol(admin.token);
    const mfaToken = await mfaTokenFor(admin.user.email, admin.password);
    const code = totpCode(secret);
    const pair = await json<{ accessToken: string; refreshToken: string }>(await api.request('POST', '/auth/login/mfa', { json: { mfaToken, code } }), 200);
    expect((await api.request('GET', '/auth/me', { token: pair.accessToken })).status).toBe(200);
    // The same token again, and the same code with a fresh token: both refused.
    const replayed = await api.request('POST', '/auth/login/mfa', { json: { mfaToken, code } });
    expect(replayed.status).toBe(401);
    expect((await replayed.json()).code).toBe('mfa_token_invalid');
    const again = await api.request('POST', '/auth/login/mfa', { json: { mfaToken: await mfaTokenFor(admin.user.email, admin.password), code } });
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe('invalid_mfa_code');
  });

  it('accepts each recovery code once', async () => {
    const admin = await adminOfNewMerchant(api);
    const { recoveryCodes } = await enrol(admin.token);
    const code = recoveryCodes[3]!.toUpperCase();
    await json(await api.request('POST', '/auth/login/mfa', { json: { mfaToken: await mfaTokenFor(admin.user.email, admin.password), code } }), 200);
    const reused = await api.request('POST', '/auth/login/mfa', { json: { mfaToken: await mfaTokenFor(admin.user.email, admin.password), code } });
    expect(reused.status).toBe(401);
  });

  it('throttles wrong codes like wrong passwords, and a known password does not reset the count', async () => {
    const admin = await adminOfNewMerchant(api);
    await enrol(admin.token);
    for (let attempt = 0; attempt < 5; attempt++) {
      const mfaToken = await mfaTokenFor(admin.user.email, admin.password);
      const wrong = await api.request('POST', '/auth/login/mfa', { json: { mfaToken, code: '000000' }, headers: { 'x-forwarded-for': freshAddress() } });
      expect(wrong.status).toBe(401);
    }
    expect((await login(api, admin.user.email, admin.password)).status).toBe(429);
  }, 60_000);

  it('sends a user without two factors to enrolment when the merchant requires them', async () => {
    const admin = await adminOfNewMerchant(api);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    const notYet = await api.request('PUT', '/merchants/me/security-policy', { token: admin.token, json: { requireMfa: true } });
    expect(notYet.status).toBe(409);
    expect((await notYet.json()).code).toBe('mfa_not_enrolled');
    await enrol(admin.token);
    await json(await api.request('PUT', '/merchants/me/security-policy', { token: admin.token, json: { requireMfa: true } }), 200);
    const refused = await api.request('GET', '/merchants/me/customers', { token: plain.token });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('mfa_enrollment_required');
    expect(await json(await api.request('GET', '/auth/me', { token: plain.token }), 200)).toMatchObject({ mfaEnrollmentRequired: true });
    // Its own merchant's name stays readable, so the portal can say whose sign-in this is.
    await json(await api.request('GET', '/merchants/me', { token: plain.token }), 200);
    await enrol(plain.token);
    await json(await api.request('GET', '/merchants/me/customers', { token: plain.token }), 200);
    expect((await api.request('PUT', '/merchants/me/security-policy', { token: plain.token, json: { requireMfa: false } })).status).toBe(403);
  });

  it('holds the policy from the next request for a user made after it and for a TOTP removed outside the app, and lets go once it is lifted', async () => {
    const admin = await adminOfNewMerchant(api);
    await enrol(admin.token);
    await json(await api.request('PUT', '/merchants/me/security-policy', { token: admin.token, json: { requireMfa: true } }), 200);
    const later = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    const refused = await api.request('GET', '/merchants/me/customers', { token: later.token });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('mfa_enrollment_required');
    await json(await api.request('GET', '/merchants/me/customers', { token: admin.token }), 200);
    // An operator removes the administrator's authenticator in SQL (a lost phone): enrolment again.
    await db().delete(userTotp).where(eq(userTotp.userId, admin.user.id));
    expect(await json(await api.request('GET', '/auth/me', { token: admin.token }), 200)).toMatchObject({ mfaEnrollmentRequired: true });
    expect((await api.request('GET', '/merchants/me/customers', { token: admin.token })).status).toBe(403);
    // The policy lifted, here in SQL too: both are let through on their next request.
    await db().update(merchantSecurityPolicies).set({ requireMfa: false }).where(eq(merchantSecurityPolicies.merchantId, admin.merchant.id));
    await json(await api.request('GET', '/merchants/me/customers', { token: later.token }), 200);
    expect(await json(await api.request('GET', '/auth/me', { token: admin.token }), 200)).toMatchObject({ mfaEnrollmentRequired: false });
  });

  it('turns two factors off only with a valid code', async () => {
    const admin = await adminOfNewMerchant(api);
    const { secret } = await enrol(admin.token);
    expect((await api.request('POST', '/auth/mfa/totp/disable', { token: admin.token, json: { code: '123456' } })).status).toBe(422);
    await json(await api.request('POST', '/auth/mfa/totp/disable', { token: admin.token, json: { code: totpCode(secret) } }), 204);
    expect((await login(api, admin.user.email, admin.password)).status).toBe(200);
  });
});
