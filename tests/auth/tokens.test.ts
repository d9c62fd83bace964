import { describe, expect, it } from 'vitest';
import { generateStoredKey, loadKeyRing, rotateKeys } from '@/lib/auth/keys';
import { v4 } from '@/lib/auth/paseto';
import { setUserActive } from '@/lib/merchants/operations';
import { useTestApi } from '../support/api-server';
import { newMerchant, newSubMerchant, newUser, signIn } from '../support/fixtures';

const api = useTestApi();
const footerOf = (kid: string) => new TextEncoder().encode(JSON.stringify({ kid }));

async function expectRefused(token: string, code: string) {
  const response = await api.request('GET', '/auth/me', { token });
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect((await response.json()).code).toBe(code);
}

describe('GET /auth/me', () => {
  it('answers exactly the current user object of the spec', async () => {
    const { user, merchant, password } = await newMerchant();
    const { accessToken } = await signIn(api, user.email, password);
    const response = await api.request('GET', '/auth/me', { token: accessToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      role: 'MERCHANT_ADMIN',
      merchantId: merchant.id,
      subMerchantId: null,
      active: true,
      kind: 'user',
      apiKey: null,
      mfaEnrollmentRequired: false,
    });
  });

  it('shows the sub-merchant of a scoped user', async () => {
    const { merchant } = await newMerchant();
    const branch = await newSubMerchant(merchant.id);
    const { user, password } = await newUser(merchant.id, 'SUPPORT', branch.id);
    const { accessToken } = await signIn(api, user.email, password);
    const me = await (await api.request('GET', '/auth/me', { token: accessToken })).json();
    expect(me).toMatchObject({ role: 'SUPPORT', subMerchantId: branch.id, merchantId: merchant.id });
  });

  it('refuses a missing token and a malformed header', async () => {
    const missing = await api.request('GET', '/auth/me');
    expect(missing.status).toBe(401);
    expect((await missing.json()).code).toBe('missing_token');
    const basic = await api.request('GET', '/auth/me', { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
    await expectRefused('not-a-paseto', 'token_malformed');
  });

  it('refuses a tampered token', async () => {
    const { user, password } = await newMerchant();
    const { accessToken } = await signIn(api, user.email, password);
    const parts = accessToken.split('.');
    const payload = Buffer.from(parts[2]!, 'base64url');
    payload[5] = payload[5]! ^ 0x01; // flip one bit of the claims
    const tampered = [parts[0], parts[1], payload.toString('base64url'), parts[3]].join('.');
    await expectRefused(tampered, 'token_invalid_signature');
  });

  it('refuses a token signed by a key the service does not know', async () => {
    const { user, password } = await newMerchant();
    const { accessToken } = await signIn(api, user.email, password);
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[2]!, 'base64url').subarray(0, -64).toString()).sid;
    const stranger = await generateStoredKey();
    const forged = await v4.Sign(await v4.ImportSecretKey(stranger.secretKey!), { sub: user.id, sid }, { footer: footerOf(stranger.kid) });
    await expectRefused(forged, 'token_unknown_key');

    const ring = await loadKeyRing();
    const borrowedKid = await v4.Sign(await v4.ImportSecretKey(stranger.secretKey!), { sub: user.id, sid }, { footer: footerOf(ring.signing.kid) });
    await expectRefused(borrowedKid, 'token_invalid_signature');
  });

  it('refuses an expired token', async () => {
    const { user, password } = await newMerchant();
    const { accessToken } = await signIn(api, user.email, password);
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[2]!, 'base64url').subarray(0, -64).toString()).sid;
    const ring = await loadKeyRing();
    const expired = await v4.Sign(ring.signing.key, { sub: user.id, sid }, {
      footer: footerOf(ring.signing.kid),
      now: new Date(Date.now() - 3_600_000),
      expiresIn: 900,
    });
    await expectRefused(expired, 'token_expired');
  });
});

describe('sessions', () => {
  it('refuses the access token on the very next call after logout', async () => {
    const { user, password } = await newMerchant();
    const { accessToken, refreshToken } = await signIn(api, user.email, password);
    expect((await api.request('GET', '/auth/me', { token: accessToken })).status).toBe(200);
    const logout = await api.request('POST', '/auth/logout', { token: accessToken });
    expect(logout.status).toBe(204);
    await expectRefused(accessToken, 'session_ended');
    const refresh = await api.request('POST', '/auth/refresh', { json: { refreshToken } });
    expect(refresh.status).toBe(401);
  });

  it('ends the session from the refresh token alone', async () => {
    const { user, password } = await newMerchant();
    const { accessToken, refreshToken } = await signIn(api, user.email, password);
    expect((await api.request('POST', '/auth/logout', { json: { refreshToken } })).status).toBe(204);
    await expectRefused(accessToken, 'session_ended');
  });

  it('rotates refresh tokens: the new pair works, the old refresh token is single-use', async () => {
    const { user, password } = await newMerchant();
    const first = await signIn(api, user.email, password);
    const response = await api.request('POST', '/auth/refresh', { json: { refreshToken: first.refreshToken } });
    expect(response.status).toBe(200);
    const second = await response.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await api.request('GET', '/auth/me', { token: second.accessToken })).status).toBe(200);
  });

  it('ends the whole session when a used refresh token comes back (reuse detection)', async () => {
    const { user, password } = await newMerchant();
    const first = await signIn(api, user.email, password);
    const second = await (await api.request('POST', '/auth/refresh', { json: { refreshToken: first.refreshToken } })).json();

    const replay = await api.request('POST', '/auth/refresh', { json: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('refresh_reused');
    await expectRefused(second.accessToken, 'session_ended');
    expect((await api.request('POST', '/auth/refresh', { json: { refreshToken: second.refreshToken } })).status).toBe(401);
  });

  it('keeps other sessions of the same user alive when one ends', async () => {
    const { user, password } = await newMerchant();
    const phone = await signIn(api, user.email, password);
    const laptop = await signIn(api, user.email, password);
    await api.request('POST', '/auth/logout', { token: phone.accessToken });
    expect((await api.request('GET', '/auth/me', { token: laptop.accessToken })).status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const response = await api.request('POST', '/auth/refresh', { json: { refreshToken: 'rt_made-up' } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('refresh_unknown');
  });
});

describe('disabled users', () => {
  it('cannot sign in, and their existing sessions end', async () => {
    const { merchant } = await newMerchant();
    const { user, password } = await newUser(merchant.id, 'PLAIN_MERCHANT');
    const { accessToken, refreshToken } = await signIn(api, user.email, password);
    await setUserActive(user.email, false);

    await expectRefused(accessToken, 'session_ended');
    expect((await api.request('POST', '/auth/refresh', { json: { refreshToken } })).status).toBe(401);
    const login = await api.request('POST', '/auth/login', { json: { email: user.email, password } });
    expect(login.status).toBe(403);
    expect((await login.json()).code).toBe('user_disabled');
  });

  it('are refused on the next request even when their session had been answering', async () => {
    const { merchant } = await newMerchant();
    const { user, password } = await newUser(merchant.id, 'PLAIN_MERCHANT');
    const { accessToken } = await signIn(api, user.email, password);
    // Two answered requests: the session is known by then and read by its own, narrower query.
    for (let request = 0; request < 2; request++) expect((await api.request('GET', '/auth/me', { token: accessToken })).status).toBe(200);
    await setUserActive(user.email, false);
    await expectRefused(accessToken, 'session_ended');
  });
});

describe('roles', () => {
  it('lets SUPPORT users read but refuses every write with 403', async () => {
    const { merchant } = await newMerchant();
    const support = await newUser(merchant.id, 'SUPPORT');
    const { accessToken } = await signIn(api, support.user.email, support.password);
    expect((await api.request('GET', '/merchants/me', { token: accessToken })).status).toBe(200);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await api.request(method, '/merchants/me/virtual-accounts', { token: accessToken, json: {} });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('forbidden');
    }
  });

  it('lets PLAIN_MERCHANT users past the role check', async () => {
    const { user, password } = await newMerchant();
    const { accessToken } = await signIn(api, user.email, password);
    const response = await api.request('POST', '/merchants/me/no-such-thing', { token: accessToken, json: {} });
    expect(response.status).toBe(404);
  });
});

describe('a key rotation made by another instance', () => {
  // Last in this file: it changes the signing key (old keys keep verifying, so other files are unaffected).
  it('is picked up at once: a token of the new key verifies here, and tokens of the old key still do', async () => {
    const { user, password } = await newMerchant();
    const before = await signIn(api, user.email, password);
    const sid = JSON.parse(Buffer.from(before.accessToken.split('.')[2]!, 'base64url').subarray(0, -64).toString()).sid;

    const rotated = await rotateKeys(); // as `npm run cli -- keys:rotate` does, wherever it runs
    const elsewhere = await loadKeyRing(); // the keys as another instance reads them afterwards
    expect(elsewhere.signing.kid).toBe(rotated.activeKid);
    const fromElsewhere = await v4.Sign(elsewhere.signing.key, { sub: user.id, sid }, { footer: footerOf(elsewhere.signing.kid), expiresIn: 900 });

    await new Promise((resolve) => setTimeout(resolve, 1_100)); // re-reading the keys is limited to once a second
    expect((await api.request('GET', '/auth/me', { token: fromElsewhere })).status).toBe(200);
    expect((await api.request('GET', '/auth/me', { token: before.accessToken })).status).toBe(200);
  });
});
