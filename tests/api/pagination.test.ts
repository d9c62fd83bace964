import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { allPages, signedInMerchant } from '../accounts/support';

const api = useTestApi();

describe('keyset pagination', () => {
  it('walks 7 sub-merchants 3 at a time by the Link header, losing and repeating none', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const created = [];
    for (let index = 0; index < 7; index++) created.push(await newSubMerchant(merchant.id, `Shop ${index}`));

    const pages = await allPages(api, '/merchants/me/sub-merchants?limit=3', token);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const ids = pages.flat().map((row) => row.id as string);
    expect(ids).toHaveLength(7);
    expect(new Set(ids)).toEqual(new Set(created.map((row) => row.id)));
    // Newest first across page boundaries.
    const times = pages.flat().map((row) => Date.parse(row.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('puts no Link header on the last page, and keeps the page size in the next link', async () => {
    const { token, merchant } = await signedInMerchant(api);
    for (let index = 0; index < 3; index++) await newSubMerchant(merchant.id);
    const first = await api.request('GET', '/merchants/me/sub-merchants?limit=2', { token });
    const link = first.headers.get('link');
    expect(link).toMatch(/^<\/api\/v1\/merchants\/me\/sub-merchants\?.*limit=2.*>; rel="next"$/);
    const exact = await api.request('GET', '/merchants/me/sub-merchants?limit=3', { token });
    expect(exact.headers.get('link')).toBeNull();
    expect(await exact.json()).toHaveLength(3);
  });

  it('refuses page sizes outside 1 to 200', async () => {
    const { token } = await signedInMerchant(api);
    for (const limit of ['0', '201', 'ten']) {
      const response = await api.request('GET', `/merchants/me/sub-merchants?limit=${limit}`, { token });
      expect(response.status, limit).toBe(422);
    }
  });
});
