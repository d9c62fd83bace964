import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { allPages, expectVirtualAccount, newBill, signedInMerchant, signedInUser } from './support';

const api = useTestApi();

describe('GET /merchants/me/virtual-account', () => {
  it('answers the merchant\'s LEGACY account with exactly the spec\'s fields', async () => {
    const { token, virtualAccount, merchant } = await signedInMerchant(api, 'Mama Mboga Ltd');
    const response = await api.request('GET', '/merchants/me/virtual-account', { token });
    expect(response.status).toBe(200);
    const account = await response.json();
    expectVirtualAccount(account);
    expect(account).toMatchObject({
      id: virtualAccount.id,
      merchantId: merchant.id,
      ownerType: 'MERCHANT',
      ownerId: merchant.id,
      purpose: 'LEGACY',
      accountType: 'STATIC',
      status: 'ACTIVE',
      balance: 0,
      feeBalance: 0,
      currency: 'KES',
      accountName: 'Mama Mboga Ltd',
      bankDisplayName: 'Demo Commercial Bank of Kenya',
      singleDepositLimit: null,
      expireAt: null,
      accountNumber: virtualAccount.accountNumber,
    });
    expect(account.viewerGuidance).toMatch(/M-Pesa account number/);
  });

  it('tells a user scoped to a sub-merchant that it has no LEGACY account', async () => {
    const { merchant } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const token = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', branch.id);
    const response = await api.request('GET', '/merchants/me/virtual-account', { token });
    expect(response.status).toBe(404);
    expect((await response.json()).detail).toMatch(/scoped to a sub-merchant/);
  });

  it('needs a bearer token', async () => {
    const response = await api.request('GET', '/merchants/me/virtual-account');
    expect(response.status).toBe(401);
  });
});

describe('GET /merchants/me/virtual-accounts/{virtualAccountId}', () => {
  it('answers one account the caller can see', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const response = await api.request('GET', `/merchants/me/virtual-accounts/${virtualAccount.id}`, { token });
    expect(response.status).toBe(200);
    const account = await response.json();
    expectVirtualAccount(account);
    expect(account.id).toBe(virtualAccount.id);
  });

  it('answers 404 for another merchant\'s account, an unknown id and a malformed id alike', async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    for (const id of [other.virtualAccount.id, randomUUID(), 'not-a-uuid']) {
      const response = await api.request('GET', `/merchants/me/virtual-accounts/${id}`, { token });
      expect(response.status, id).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
  });

  it('shows an invoice account as a one-time account with its expiry', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { account: invoice, bill } = await newBill(merchant.id, { invoiceAccount: true });
    const account = await (await api.request('GET', `/merchants/me/virtual-accounts/${invoice!.id}`, { token })).json();
    expectVirtualAccount(account);
    expect(account).toMatchObject({ purpose: 'INVOICE', accountType: 'ONE_TIME', ownerType: 'EXPECTED_PAYMENT', ownerId: bill.id });
    expect(account.expireAt).toBe(bill.expiresAt.toISOString());
    expect(account.purposeDescription).toMatch(/single bill/);
  });
});

describe('GET /merchants/me/virtual-accounts', () => {
  it('lists the merchant\'s accounts, newest first, and filters by purpose, status and currency', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const brand = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND' } })).json();
    const dollars = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY', currency: 'USD' } })).json();

    const response = await api.request('GET', '/merchants/me/virtual-accounts', { token });
    expect(response.status).toBe(200);
    const accounts = await response.json();
    expect(accounts.map((account: { id: string }) => account.id)).toEqual([dollars.id, brand.id, virtualAccount.id]);
    accounts.forEach(expectVirtualAccount);
    expect(response.headers.get('link')).toBeNull();

    const brands = await (await api.request('GET', '/merchants/me/virtual-accounts?purpose=BRAND', { token })).json();
    expect(brands.map((account: { id: string }) => account.id)).toEqual([brand.id]);
    // Repeated, any of several purposes in one call; a page of them links on with every purpose kept.
    const ids = async (query: string) => (await (await api.request('GET', `/merchants/me/virtual-accounts?${query}`, { token })).json()).map((account: { id: string }) => account.id);
    expect(await ids('purpose=LEGACY&purpose=CURRENCY')).toEqual([dollars.id, virtualAccount.id]);
    const firstPage = await api.request('GET', '/merchants/me/virtual-accounts?purpose=LEGACY&purpose=CURRENCY&limit=1', { token });
    const next = firstPage.headers.get('link')!.match(/<\/api\/v1([^>]+)>/)![1]!;
    expect(new URL(next, 'http://x').searchParams.getAll('purpose')).toEqual(['LEGACY', 'CURRENCY']);
    expect((await (await api.request('GET', next, { token })).json()).map((account: { id: string }) => account.id)).toEqual([virtualAccount.id]);
    const usd = await (await api.request('GET', '/merchants/me/virtual-accounts?currency=USD&status=ACTIVE', { token })).json();
    expect(usd.map((account: { id: string }) => account.id)).toEqual([dollars.id]);
    const closed = await (await api.request('GET', '/merchants/me/virtual-accounts?status=CLOSED', { token })).json();
    expect(closed).toEqual([]);
  });

  it('refuses filters and page sizes that are not valid with a 422 naming each', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('GET', '/merchants/me/virtual-accounts?purpose=GOLD&currency=XYZ&limit=0', { token });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual(['query.currency', 'query.limit', 'query.purpose']);
    const repeated = await api.request('GET', '/merchants/me/virtual-accounts?purpose=BRAND&purpose=GOLD', { token });
    expect(repeated.status).toBe(422);
    expect((await repeated.json()).errors.map((error: { path: string }) => error.path)).toEqual(['query.purpose']);
  });

  it('never shows another merchant\'s accounts', async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const accounts = await (await api.request('GET', '/merchants/me/virtual-accounts', { token })).json();
    expect(accounts.map((account: { id: string }) => account.id)).not.toContain(other.virtualAccount.id);
    expect(accounts).toHaveLength(1);
  });

  it('shows a scoped user only its own sub-merchant\'s accounts', async () => {
    const { token: ownerToken, merchant } = await signedInMerchant(api);
    const [east, west] = [await newSubMerchant(merchant.id), await newSubMerchant(merchant.id)];
    const eastAccount = await (await api.request('POST', '/merchants/me/virtual-accounts', { token: ownerToken, json: { purpose: 'BRAND', subMerchantId: east.id } })).json();
    const westAccount = await (await api.request('POST', '/merchants/me/virtual-accounts', { token: ownerToken, json: { purpose: 'BRAND', subMerchantId: west.id } })).json();

    const eastToken = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', east.id);
    const seen = await (await api.request('GET', '/merchants/me/virtual-accounts', { token: eastToken })).json();
    expect(seen.map((account: { id: string }) => account.id)).toEqual([eastAccount.id]);
    const hidden = await api.request('GET', `/merchants/me/virtual-accounts/${westAccount.id}`, { token: eastToken });
    expect(hidden.status).toBe(404);

    const everything = await (await api.request('GET', '/merchants/me/virtual-accounts', { token: ownerToken })).json();
    expect(everything).toHaveLength(3);
  });

  it('pages with limit and the Link header without losing or repeating an account', async () => {
    const { token, merchant } = await signedInMerchant(api);
    for (let index = 0; index < 6; index++) {
      const branch = await newSubMerchant(merchant.id);
      const response = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND', subMerchantId: branch.id } });
      expect(response.status).toBe(201);
    }
    const pages = await allPages(api, '/merchants/me/virtual-accounts?limit=3', token);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const ids = pages.flat().map((account) => account.id);
    expect(new Set(ids).size).toBe(7);
    const all = await (await api.request('GET', '/merchants/me/virtual-accounts', { token })).json();
    expect(ids).toEqual(all.map((account: { id: string }) => account.id));
  });

  it('lets SUPPORT users read accounts', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const token = await signedInUser(api, merchant.id, 'SUPPORT');
    const response = await api.request('GET', `/merchants/me/virtual-accounts/${virtualAccount.id}`, { token });
    expect(response.status).toBe(200);
  });
});
