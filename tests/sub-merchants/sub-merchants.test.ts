import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { expectExactKeys, isIsoMillis, signedInMerchant, signedInUser } from '../accounts/support';

const api = useTestApi();
const SUB_MERCHANT_KEYS = ['id', 'name', 'createdAt'];

describe('POST /merchants/me/sub-merchants', () => {
  it('creates a sub-merchant and answers 201 with its id, name and creation time', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: '  Westlands branch ' } });
    expect(response.status).toBe(201);
    const created = await response.json();
    expectExactKeys(created, SUB_MERCHANT_KEYS);
    expect(created.name).toBe('Westlands branch');
    expect(isIsoMillis(created.createdAt)).toBe(true);
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json();
    expect(listed).toEqual([created]);
  });

  it('answers 409 to a second sub-merchant of the same name, but another merchant may use it', async () => {
    const { token } = await signedInMerchant(api);
    expect((await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'CBD shop' } })).status).toBe(201);
    const duplicate = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'CBD shop' } });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).detail).toMatch(/CBD shop/);
    const other = await signedInMerchant(api);
    expect((await api.request('POST', '/merchants/me/sub-merchants', { token: other.token, json: { name: 'CBD shop' } })).status).toBe(201);
  });

  it('answers 422 to a missing, blank or overlong name', async () => {
    const { token } = await signedInMerchant(api);
    for (const json of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 42 }]) {
      const response = await api.request('POST', '/merchants/me/sub-merchants', { token, json });
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect((await response.json()).errors.map((error: { path: string }) => error.path)).toEqual(['name']);
    }
  });

  it('forbids SUPPORT users and users scoped to a sub-merchant to create one', async () => {
    const { merchant, token: ownerToken } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const scoped = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', branch.id);
    for (const token of [support, scoped]) {
      const response = await api.request('POST', '/merchants/me/sub-merchants', { token, json: { name: 'Sneaky' } });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('forbidden');
    }
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token: ownerToken })).json();
    expect(listed.map((row: { name: string }) => row.name)).not.toContain('Sneaky');
  });
});

describe('GET /merchants/me/sub-merchants', () => {
  it('lists only the merchant\'s own sub-merchants, newest first', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const older = await newSubMerchant(merchant.id, 'Older');
    const newer = await newSubMerchant(merchant.id, 'Newer');
    await newSubMerchant(other.merchant.id, 'Not mine');
    const response = await api.request('GET', '/merchants/me/sub-merchants', { token });
    expect(response.status).toBe(200);
    const listed = await response.json();
    expect(listed.map((row: { id: string }) => row.id)).toEqual([newer.id, older.id]);
    listed.forEach((row: unknown) => expectExactKeys(row, SUB_MERCHANT_KEYS));
  });

  it('shows a scoped user only its own sub-merchant', async () => {
    const { merchant } = await signedInMerchant(api);
    const mine = await newSubMerchant(merchant.id, 'Mine');
    await newSubMerchant(merchant.id, 'Theirs');
    const token = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', mine.id);
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json();
    expect(listed).toEqual([{ id: mine.id, name: 'Mine', createdAt: mine.createdAt.toISOString() }]);
  });

  it('refuses a cursor it did not issue with a 422', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('GET', '/merchants/me/sub-merchants?cursor=garbage', { token });
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0].path).toBe('query.cursor');
  });

  it('needs a bearer token', async () => {
    expect((await api.request('GET', '/merchants/me/sub-merchants')).status).toBe(401);
  });
});
