import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { expectVirtualAccount, signedInMerchant, signedInUser } from './support';

const api = useTestApi();
const provision = (token: string, json: unknown, headers?: Record<string, string>) =>
  api.request('POST', '/merchants/me/virtual-accounts', { token, json, headers });

describe('POST /merchants/me/virtual-accounts', () => {
  it('provisions a BRAND account for the merchant in its default currency, named after it', async () => {
    const { token, merchant } = await signedInMerchant(api, 'Duka La Juma');
    const response = await provision(token, { purpose: 'BRAND' });
    expect(response.status).toBe(201);
    const account = await response.json();
    expectVirtualAccount(account);
    expect(account).toMatchObject({
      merchantId: merchant.id,
      ownerType: 'MERCHANT',
      ownerId: merchant.id,
      purpose: 'BRAND',
      purposeLabel: 'Brand collection account',
      accountType: 'STATIC',
      status: 'ACTIVE',
      currency: 'KES',
      accountName: 'Duka La Juma',
      balance: 0,
      feeBalance: 0,
      singleDepositLimit: null,
    });
    const fetched = await (await api.request('GET', `/merchants/me/virtual-accounts/${account.id}`, { token })).json();
    expect(fetched).toEqual(account);
  });

  it('provisions for a sub-merchant, owned by it and named after it, with a deposit cap', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id, 'Kisumu branch');
    const response = await provision(token, { purpose: 'SUBSCRIBER', subMerchantId: branch.id, singleDepositLimit: 250000.5 });
    expect(response.status).toBe(201);
    const account = await response.json();
    expectVirtualAccount(account);
    expect(account).toMatchObject({ ownerType: 'SUB_MERCHANT', ownerId: branch.id, accountName: 'Kisumu branch', singleDepositLimit: 250000.5, purpose: 'SUBSCRIBER' });
  });

  it('provisions a CURRENCY account in the currency asked for, under the name asked for', async () => {
    const { token } = await signedInMerchant(api);
    const response = await provision(token, { purpose: 'CURRENCY', currency: 'USD', accountName: 'Dollar sales' });
    expect(response.status).toBe(201);
    const account = await response.json();
    expect(account).toMatchObject({ purpose: 'CURRENCY', currency: 'USD', accountName: 'Dollar sales' });
    expect(account.viewerGuidance).toMatch(/USD/);
  });

  it('answers 409 naming the existing account for a second one of the same purpose and currency', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const first = await (await provision(token, { purpose: 'BRAND' })).json();
    const second = await provision(token, { purpose: 'BRAND', accountName: 'Another' });
    expect(second.status).toBe(409);
    const problem = await second.json();
    expect(problem).toMatchObject({ status: 409, code: 'conflict', existingId: first.id });

    // Another currency, or another sub-merchant, is a different account.
    expect((await provision(token, { purpose: 'BRAND', currency: 'USD' })).status).toBe(201);
    const branch = await newSubMerchant(merchant.id);
    expect((await provision(token, { purpose: 'BRAND', subMerchantId: branch.id })).status).toBe(201);
    const again = await provision(token, { purpose: 'BRAND', subMerchantId: branch.id });
    expect(again.status).toBe(409);
    expect((await again.json()).existingId).toEqual(expect.any(String));
  });

  it('refuses INVOICE, CUSTOMER and LEGACY accounts, saying where they come from', async () => {
    const { token } = await signedInMerchant(api);
    const expectations: Record<string, RegExp> = { INVOICE: /come with a bill/, CUSTOMER: /customers\/\{customerId\}\/virtual-account/, LEGACY: /made with the merchant/, GOLD: /BRAND, SUBSCRIBER or CURRENCY/ };
    for (const [purpose, message] of Object.entries(expectations)) {
      const response = await provision(token, { purpose });
      expect(response.status, purpose).toBe(422);
      const problem = await response.json();
      expect(problem.errors, purpose).toEqual([{ path: 'purpose', message: expect.stringMatching(message) }]);
    }
  });

  it('answers 422 for each invalid field', async () => {
    const { token } = await signedInMerchant(api);
    const cases: [unknown, string][] = [
      [{}, 'purpose'],
      [{ purpose: 'CURRENCY' }, 'currency'],
      [{ purpose: 'BRAND', currency: 'usd' }, 'currency'],
      [{ purpose: 'BRAND', currency: 'XXX' }, 'currency'],
      [{ purpose: 'BRAND', subMerchantId: 'branch-1' }, 'subMerchantId'],
      [{ purpose: 'BRAND', accountName: '   ' }, 'accountName'],
      [{ purpose: 'BRAND', accountName: 'x'.repeat(101) }, 'accountName'],
      [{ purpose: 'BRAND', singleDepositLimit: 0 }, 'singleDepositLimit'],
      [{ purpose: 'BRAND', singleDepositLimit: -5 }, 'singleDepositLimit'],
      [{ purpose: 'BRAND', singleDepositLimit: 10.123 }, 'singleDepositLimit'],
      [{ purpose: 'BRAND', singleDepositLimit: '100' }, 'singleDepositLimit'],
      [{ purpose: 'BRAND', currency: 'USD', singleDepositLimit: 10.555 }, 'singleDepositLimit'],
    ];
    for (const [body, path] of cases) {
      const response = await provision(token, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const problem = await response.json();
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((error: { path: string }) => error.path), JSON.stringify(body)).toEqual([path]);
    }
    const accounts = await (await api.request('GET', '/merchants/me/virtual-accounts', { token })).json();
    expect(accounts).toHaveLength(1);
  });

  it('answers 404 for a sub-merchant of another merchant or an unknown one', async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const theirBranch = await newSubMerchant(other.merchant.id);
    for (const subMerchantId of [theirBranch.id, randomUUID()]) {
      const response = await provision(token, { purpose: 'BRAND', subMerchantId });
      expect(response.status).toBe(404);
    }
  });

  it('lets a scoped user provision only for its own sub-merchant', async () => {
    const { merchant } = await signedInMerchant(api);
    const [mine, theirs] = [await newSubMerchant(merchant.id, 'Mine'), await newSubMerchant(merchant.id, 'Theirs')];
    const token = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', mine.id);

    const implicit = await provision(token, { purpose: 'BRAND' });
    expect(implicit.status).toBe(201);
    expect(await implicit.json()).toMatchObject({ ownerType: 'SUB_MERCHANT', ownerId: mine.id, accountName: 'Mine' });
    const explicit = await provision(token, { purpose: 'SUBSCRIBER', subMerchantId: mine.id });
    expect(explicit.status).toBe(201);
    const elsewhere = await provision(token, { purpose: 'SUBSCRIBER', subMerchantId: theirs.id });
    expect(elsewhere.status).toBe(404);
  });

  it('forbids SUPPORT users to provision', async () => {
    const { merchant, token: ownerToken } = await signedInMerchant(api);
    const token = await signedInUser(api, merchant.id, 'SUPPORT');
    const response = await provision(token, { purpose: 'BRAND' });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('forbidden');
    const accounts = await (await api.request('GET', '/merchants/me/virtual-accounts', { token: ownerToken })).json();
    expect(accounts).toHaveLength(1);
  });
});
