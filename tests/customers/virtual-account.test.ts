import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '@/lib/accounts/account-number';
import { virtualAccounts } from '@/lib/accounts/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { createCustomer, problemOf, scopedUser, signedInMerchant, signedInUser } from './helpers';

const api = useTestApi();

const VIRTUAL_ACCOUNT_KEYS = [
  'accountName', 'accountNumber', 'accountType', 'accountTypeDescription', 'accountTypeLabel', 'balance',
  'bankDisplayName', 'collectionAccountId', 'createdAt', 'currency', 'expireAt', 'feeBalance', 'id', 'merchantId',
  'ownerId', 'ownerType', 'purpose', 'purposeDescription', 'purposeLabel', 'singleDepositLimit', 'status', 'viewerGuidance',
];

const provision = (token: string, customerId: string) =>
  api.request('POST', `/merchants/me/customers/${customerId}/virtual-account`, { token });

const accountsOf = (customerId: string) =>
  db()
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.ownerType, 'CUSTOMER'), eq(virtualAccounts.ownerId, customerId)));

describe('POST /merchants/me/customers/{customerId}/virtual-account', () => {
  it("makes the customer's static account with 201 and exactly the spec's virtual account fields", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token, { displayName: 'Achieng Otieno' });
    const response = await provision(token, customer.id);
    expect(response.status).toBe(201);
    const account = await response.json();
    expect(Object.keys(account).sort()).toEqual(VIRTUAL_ACCOUNT_KEYS);
    expect(account).toMatchObject({
      merchantId: merchant.id,
      ownerType: 'CUSTOMER',
      ownerId: customer.id,
      purpose: 'CUSTOMER',
      accountType: 'STATIC',
      accountName: 'Achieng Otieno',
      status: 'ACTIVE',
      currency: merchant.defaultCurrency,
      balance: 0,
      feeBalance: 0,
      singleDepositLimit: null,
      expireAt: null,
      purposeLabel: expect.any(String),
      purposeDescription: expect.any(String),
      accountTypeLabel: expect.any(String),
      accountTypeDescription: expect.any(String),
      bankDisplayName: expect.any(String),
      collectionAccountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.stringMatching(/\.\d{3}Z$/),
    });
    expect(hasValidCheckDigit(account.accountNumber)).toBe(true);
  });

  it('answers 200 with the same account when asked again', async () => {
    const { token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token);
    const first = await provision(token, customer.id);
    const again = await provision(token, customer.id);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await accountsOf(customer.id)).toHaveLength(1);
  });

  it('makes one account when several requests arrive at once', async () => {
    const { token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token);
    const responses = await Promise.all(Array.from({ length: 6 }, () => provision(token, customer.id)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (response) => (await response.json()).id)));
    expect(ids.size).toBe(1);
    expect(await accountsOf(customer.id)).toHaveLength(1);
  });

  it("belongs to the customer's sub-merchant", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const customer = await createCustomer(api, token, { subMerchantId: branch.id });
    expect((await provision(token, customer.id)).status).toBe(201);
    const [stored] = await accountsOf(customer.id);
    expect(stored!.subMerchantId).toBe(branch.id);
  });

  it("answers 404 for another merchant's customer, leaving it without an account", async () => {
    const one = await signedInMerchant(api);
    const two = await signedInMerchant(api);
    const customer = await createCustomer(api, one.token);
    expect((await provision(two.token, customer.id)).status).toBe(404);
    expect((await provision(two.token, 'not-a-uuid')).status).toBe(404);
    expect(await accountsOf(customer.id)).toHaveLength(0);
  });

  it("answers 404 to a scoped user for another sub-merchant's customer", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const customer = await createCustomer(api, token);
    expect((await provision(scoped.token, customer.id)).status).toBe(404);
    const own = await createCustomer(api, scoped.token);
    expect((await provision(scoped.token, own.id)).status).toBe(201);
  });

  it('is refused to SUPPORT users with 403', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const response = await provision(support.token, customer.id);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe('forbidden');
    expect(await accountsOf(customer.id)).toHaveLength(0);
  });
});
