import { describe, expect, it } from 'vitest';
import { customers } from '@/lib/customers/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { allPages, createCustomer, nextPage, scopedUser, signedInMerchant, signedInUser } from './helpers';

const api = useTestApi();

const list = async (token: string, query = '') => {
  const response = await api.request('GET', `/merchants/me/customers${query}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; displayName: string }[];
};

describe('GET /merchants/me/customers', () => {
  it("lists the merchant's customers with exactly the spec fields", async () => {
    const { token } = await signedInMerchant(api);
    const first = await createCustomer(api, token);
    const second = await createCustomer(api, token);
    const rows = await list(token);
    expect(rows.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(rows.find((row) => row.id === second.id)).toEqual(second);
  });

  it('pages through every customer once, newest first, following the Link header', async () => {
    const { merchant, token } = await signedInMerchant(api);
    // Rows sharing one creation time are told apart by id, so none is lost between pages.
    const createdAt = new Date('2026-01-01T00:00:00.000Z');
    const inserted = await db()
      .insert(customers)
      .values(
        Array.from({ length: 11 }, (_, index) => ({
          merchantId: merchant.id,
          externalRef: `PAGE-${index}`,
          displayName: `Paged ${index}`,
          email: `paged-${index}@example.com`,
          phone: `2547000000${String(index).padStart(2, '0')}`,
          createdAt: index < 7 ? createdAt : new Date(createdAt.getTime() + index),
        })),
      )
      .returning({ id: customers.id, createdAt: customers.createdAt });
    const newestFirst = inserted
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const { ids, pages } = await allPages(api, token, '/merchants/me/customers?limit=3');
    expect(pages).toBe(4);
    expect(ids).toEqual(newestFirst);
  });

  it('has no Link header on the last page', async () => {
    const { token } = await signedInMerchant(api);
    await createCustomer(api, token);
    const response = await api.request('GET', '/merchants/me/customers?limit=1', { token });
    expect(nextPage(response)).toBeUndefined();
  });

  it('refuses a page size over 200 and a forged cursor with 422', async () => {
    const { token } = await signedInMerchant(api);
    for (const query of ['?limit=201', '?limit=0', '?cursor=forged']) {
      const response = await api.request('GET', `/merchants/me/customers${query}`, { token });
      expect(response.status).toBe(422);
    }
  });

  it('never shows another merchant\'s customers', async () => {
    const one = await signedInMerchant(api);
    const two = await signedInMerchant(api);
    await createCustomer(api, one.token);
    expect(await list(two.token)).toEqual([]);
  });

  it('filters by sub-merchant', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const inBranch = await createCustomer(api, token, { subMerchantId: branch.id });
    await createCustomer(api, token);
    expect((await list(token, `?subMerchantId=${branch.id}`)).map((row) => row.id)).toEqual([inBranch.id]);
  });

  it('shows a scoped user only its sub-merchant\'s customers, whatever filter it asks for', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const other = await newSubMerchant(merchant.id);
    const own = await createCustomer(api, token, { subMerchantId: scoped.subMerchant.id });
    await createCustomer(api, token, { subMerchantId: other.id });
    await createCustomer(api, token);
    expect((await list(scoped.token)).map((row) => row.id)).toEqual([own.id]);
    expect(await list(scoped.token, `?subMerchantId=${other.id}`)).toEqual([]);
  });

  it('lets SUPPORT users read', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect((await list(support.token)).map((row) => row.id)).toEqual([customer.id]);
  });
});

describe('customer search (?q=)', () => {
  const setUp = async () => {
    const { token } = await signedInMerchant(api);
    const achieng = await createCustomer(api, token, {
      displayName: 'Achieng Otieno',
      email: 'achieng@lakeside.example',
      phone: '254712345678',
      externalRef: 'ERP-100_A',
    });
    const baraka = await createCustomer(api, token, {
      displayName: 'Baraka Mwangi',
      email: 'baraka@hills.example',
      phone: '254798765432',
      externalRef: 'ERP-200%B',
    });
    const search = async (q: string) => (await list(token, `?q=${encodeURIComponent(q)}`)).map((row) => row.id);
    return { achieng: achieng.id, baraka: baraka.id, search };
  };

  it('finds customers by part of the name, in any letter case', async () => {
    const { achieng, search } = await setUp();
    expect(await search('otieno')).toEqual([achieng]);
    expect(await search('ACHIENG OT')).toEqual([achieng]);
  });

  it('finds customers by email', async () => {
    const { baraka, search } = await setUp();
    expect(await search('baraka@hills')).toEqual([baraka]);
    expect(await search('LAKESIDE.example')).toHaveLength(1);
  });

  it('finds customers by full phone, trailing digits or the local 07… form', async () => {
    const { achieng, search } = await setUp();
    expect(await search('254712345678')).toEqual([achieng]);
    expect(await search('345678')).toEqual([achieng]);
    expect(await search('0712345678')).toEqual([achieng]);
    expect(await search('+254712345678')).toEqual([achieng]);
    // Leading digits are not a match: a phone search is a suffix search.
    expect(await search('2547123')).toEqual([]);
  });

  it('finds customers by externalRef', async () => {
    const { achieng, baraka, search } = await setUp();
    expect(await search('erp-100')).toEqual([achieng]);
    expect((await search('ERP-')).sort()).toEqual([achieng, baraka].sort());
  });

  it('takes % and _ literally', async () => {
    const { achieng, baraka, search } = await setUp();
    expect(await search('%')).toEqual([baraka]);
    expect(await search('_')).toEqual([achieng]);
    expect(await search('ERP-_00')).toEqual([]);
  });
});

describe('GET /merchants/me/customers/{customerId}', () => {
  it('answers the customer', async () => {
    const { token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token);
    const response = await api.request('GET', `/merchants/me/customers/${customer.id}`, { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(customer);
  });

  it("answers 404 for another merchant's customer, an unknown id and a malformed id", async () => {
    const one = await signedInMerchant(api);
    const two = await signedInMerchant(api);
    const customer = await createCustomer(api, one.token);
    for (const id of [customer.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await api.request('GET', `/merchants/me/customers/${id}`, { token: two.token });
      expect(response.status).toBe(404);
    }
  });

  it("answers 404 to a scoped user for another sub-merchant's customer", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const unscopedCustomer = await createCustomer(api, token);
    const response = await api.request('GET', `/merchants/me/customers/${unscopedCustomer.id}`, { token: scoped.token });
    expect(response.status).toBe(404);
  });

  it('requires an access token', async () => {
    const response = await api.request('GET', '/merchants/me/customers');
    expect(response.status).toBe(401);
  });
});
