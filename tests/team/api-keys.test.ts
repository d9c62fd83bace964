import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '@/lib/api-keys/schema';
import { db } from '@/lib/platform/db';
import { customerBody } from '../customers/helpers';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { adminOfNewMerchant, json, keyToken, signedInAs } from './helpers';

const api = useTestApi();

describe('API keys', () => {
  it('shows the secret once, with a recognisable prefix, and keeps only its hash', async () => {
    const admin = await adminOfNewMerchant(api);
    const created = await json<Record<string, unknown>>(
      await api.request('POST', '/merchants/me/api-keys', { token: admin.token, json: { name: 'Checkout', role: 'PLAIN_MERCHANT' } }),
      201,
    );
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'role', 'secret', 'subMerchantId']);
    expect(created.secret).toMatch(/^ck_test_[A-Za-z0-9_-]{43}$/);
    expect(String(created.secret).startsWith(String(created.prefix))).toBe(true);
    const [stored] = await db().select().from(apiKeys).where(eq(apiKeys.id, String(created.id)));
    expect(JSON.stringify(stored)).not.toContain(String(created.secret).slice(8));
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await json<Record<string, unknown>[]>(await api.request('GET', '/merchants/me/api-keys', { token: admin.token }), 200);
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');
    expect(listed[0]!.lastUsedAt).toBeNull();
  });

  it("exchanges a key for an access token that acts with the key's role, and /auth/me says it is a key", async () => {
    const admin = await adminOfNewMerchant(api);
    const { key, token } = await keyToken(api, admin.token, 'PLAIN_MERCHANT');
    const exchange = await api.request('POST', '/auth/token', { json: { apiKey: key.secret } });
    const body = await json<Record<string, unknown>>(exchange, 200);
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'tokenType']);
    expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });

    const me = await json<Record<string, unknown>>(await api.request('GET', '/auth/me', { token }), 200);
    expect(me).toMatchObject({ id: key.id, kind: 'api_key', apiKey: { id: key.id, name: 'key PLAIN_MERCHANT' }, role: 'PLAIN_MERCHANT', merchantId: admin.merchant.id, email: '' });
    await json(await api.request('GET', '/merchants/me', { token }), 200);
    await json(await api.request('POST', '/merchants/me/customers', { token, json: customerBody() }), 201);

    const listed = await json<{ lastUsedAt: string | null }[]>(await api.request('GET', '/merchants/me/api-keys', { token: admin.token }), 200);
    expect(listed[0]!.lastUsedAt).not.toBeNull();
  });

  it("refuses a revoked key's token from the very next request, and refuses to exchange it again", async () => {
    const admin = await adminOfNewMerchant(api);
    const { key, token } = await keyToken(api, admin.token, 'PLAIN_MERCHANT');
    await json(await api.request('GET', '/merchants/me', { token }), 200);
    const revoked = await json<{ revokedAt: string }>(await api.request('POST', `/merchants/me/api-keys/${key.id}/revoke`, { token: admin.token }), 200);
    expect(revoked.revokedAt).toEqual(expect.any(String));
    const refused = await api.request('GET', '/merchants/me', { token });
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('session_ended');
    const again = await api.request('POST', '/auth/token', { json: { apiKey: key.secret } });
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe('invalid_api_key');
  });

  it('gives a SUPPORT key read-only access and a scoped key only its sub-merchant', async () => {
    const admin = await adminOfNewMerchant(api);
    const support = await keyToken(api, admin.token, 'SUPPORT');
    await json(await api.request('GET', '/merchants/me/customers', { token: support.token }), 200);
    expect((await api.request('POST', '/merchants/me/customers', { token: support.token, json: customerBody() })).status).toBe(403);

    const branch = await newSubMerchant(admin.merchant.id);
    const scoped = await keyToken(api, admin.token, 'PLAIN_MERCHANT', branch.id);
    const me = await json<{ subMerchantId: string }>(await api.request('GET', '/auth/me', { token: scoped.token }), 200);
    expect(me.subMerchantId).toBe(branch.id);
    const customer = await json<{ subMerchantId: string }>(await api.request('POST', '/merchants/me/customers', { token: scoped.token, json: customerBody() }), 201);
    expect(customer.subMerchantId).toBe(branch.id);
  });

  it('never makes an administrator key, and keys cannot manage keys', async () => {
    const admin = await adminOfNewMerchant(api);
    const refused = await api.request('POST', '/merchants/me/api-keys', { token: admin.token, json: { name: 'root', role: 'MERCHANT_ADMIN' } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0].path).toBe('role');
    const { token } = await keyToken(api, admin.token, 'PLAIN_MERCHANT');
    expect((await api.request('GET', '/merchants/me/api-keys', { token })).status).toBe(403);
    expect((await api.request('POST', '/merchants/me/api-keys', { token, json: { name: 'more', role: 'SUPPORT' } })).status).toBe(403);
  });

  it("answers 403 to a non-admin and 404 to another merchant's key or sub-merchant", async () => {
    const admin = await adminOfNewMerchant(api);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    expect((await api.request('POST', '/merchants/me/api-keys', { token: plain.token, json: { name: 'n', role: 'SUPPORT' } })).status).toBe(403);
    const { key } = await keyToken(api, admin.token, 'SUPPORT');
    const other = await adminOfNewMerchant(api);
    expect((await api.request('POST', `/merchants/me/api-keys/${key.id}/revoke`, { token: other.token })).status).toBe(404);
    const branch = await newSubMerchant(admin.merchant.id);
    expect((await api.request('POST', '/merchants/me/api-keys', { token: other.token, json: { name: 'n', role: 'SUPPORT', subMerchantId: branch.id } })).status).toBe(404);
    // Nothing was made by the refused calls.
    expect(await json<unknown[]>(await api.request('GET', '/merchants/me/api-keys', { token: other.token }), 200)).toEqual([]);
  });

  it('refuses a made-up or malformed key alike', async () => {
    for (const apiKey of ['ck_test_' + 'a'.repeat(43), 'not-a-key']) {
      const response = await api.request('POST', '/auth/token', { json: { apiKey } });
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe('invalid_api_key');
    }
  });

  it('refuses an Idempotency-Key on routes whose answer holds a one-time secret, so no copy of it is stored', async () => {
    const admin = await adminOfNewMerchant(api);
    const headers = { 'idempotency-key': 'key-create-1' };
    const refused = await api.request('POST', '/merchants/me/api-keys', { token: admin.token, json: { name: 'n', role: 'SUPPORT' }, headers });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0].path).toBe('header.Idempotency-Key');
    const invite = await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: 'x@test.example', role: 'SUPPORT' }, headers });
    expect(invite.status).toBe(422);
    expect(await json<unknown[]>(await api.request('GET', '/merchants/me/api-keys', { token: admin.token }), 200)).toEqual([]);
    expect(await json<unknown[]>(await api.request('GET', '/merchants/me/users/invitations', { token: admin.token }), 200)).toEqual([]);
  });
});
