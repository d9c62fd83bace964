import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { signedInMerchant, signedInUser } from '../accounts/support';

const api = useTestApi();
const path = (id: string) => `/merchants/me/sub-merchants/${id}`;

describe('PATCH /merchants/me/sub-merchants/{subMerchantId}', () => {
  it('renames a sub-merchant, keeps its id and creation time, and lists it under the new name', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id, 'Westlands');
    const response = await api.request('PATCH', path(branch.id), { token, json: { name: '  Westlands branch ' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: branch.id, name: 'Westlands branch', createdAt: branch.createdAt.toISOString() });
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json();
    expect(listed.map((row: { name: string }) => row.name)).toEqual(['Westlands branch']);
  });

  it('writes who renamed what in the audit log, by name, and nothing for a rename to the same name', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id, 'CBD');
    expect((await api.request('PATCH', path(branch.id), { token, json: { name: 'CBD shop' } })).status).toBe(200);
    expect((await api.request('PATCH', path(branch.id), { token, json: { name: 'CBD shop' } })).status).toBe(200);
    const audit = await (await api.request('GET', '/merchants/me/audit-events?action=sub_merchant.renamed', { token })).json();
    expect(audit.map((entry: { summary: string }) => entry.summary)).toEqual(['Sub-merchant "CBD" renamed "CBD shop".']);
  });

  it('answers 409 when another sub-merchant of the merchant has the name, and changes nothing', async () => {
    const { merchant, token } = await signedInMerchant(api);
    await newSubMerchant(merchant.id, 'Kisumu');
    const branch = await newSubMerchant(merchant.id, 'Mombasa');
    const response = await api.request('PATCH', path(branch.id), { token, json: { name: 'Kisumu' } });
    expect(response.status).toBe(409);
    expect((await response.json()).detail).toMatch(/Kisumu/);
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json();
    expect(listed.map((row: { name: string }) => row.name).sort()).toEqual(['Kisumu', 'Mombasa']);
  });

  it('answers 422 to a blank or overlong name and 404 to another merchant\'s sub-merchant or an unknown id', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id, 'Nakuru');
    for (const json of [{}, { name: '   ' }, { name: 'x'.repeat(101) }]) {
      const response = await api.request('PATCH', path(branch.id), { token, json });
      expect(response.status, JSON.stringify(json)).toBe(422);
    }
    const other = await signedInMerchant(api);
    expect((await api.request('PATCH', path(branch.id), { token: other.token, json: { name: 'Mine now' } })).status).toBe(404);
    expect((await api.request('PATCH', path('7d0c4f0e-0000-4000-8000-000000000000'), { token, json: { name: 'Nobody' } })).status).toBe(404);
    expect((await api.request('PATCH', path('not-an-id'), { token, json: { name: 'Nobody' } })).status).toBe(404);
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token })).json();
    expect(listed.map((row: { name: string }) => row.name)).toEqual(['Nakuru']);
  });

  it('forbids SUPPORT users and users scoped to a sub-merchant to rename one', async () => {
    const { merchant, token: ownerToken } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id, 'Thika');
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const scoped = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', branch.id);
    for (const token of [support, scoped]) {
      const response = await api.request('PATCH', path(branch.id), { token, json: { name: 'Sneaky' } });
      expect(response.status).toBe(403);
    }
    const listed = await (await api.request('GET', '/merchants/me/sub-merchants', { token: ownerToken })).json();
    expect(listed.map((row: { name: string }) => row.name)).toEqual(['Thika']);
  });
});
