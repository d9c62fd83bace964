import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '@/lib/accounts/account-number';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { createMerchant } from '@/lib/merchants/operations';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant, signIn, uniqueEmail } from '../support/fixtures';
import { createCustomer, errorPaths, problemOf, scopedUser, signedInMerchant, signedInUser } from '../customers/helpers';
import { BILL_KEYS, BILL_KEYS_WITHOUT_ACCOUNT, billBody, createBill, inDays } from './helpers';

const api = useTestApi();

const create = (token: string, json: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', '/merchants/me/expected-payments', { token, json, headers });

const accountOf = async (virtualAccountId: string) =>
  (await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, virtualAccountId)))[0]!;

describe('POST /merchants/me/expected-payments', () => {
  it('creates an OPEN bill with its own invoice account, answering 201 with exactly the spec fields', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const expiresAt = inDays(14);
    const response = await create(token, { paymentReference: 'INV-2026/001', amount: 1500.5, expiresAt });
    expect(response.status).toBe(201);
    const bill = await response.json();
    expect(Object.keys(bill).sort()).toEqual(BILL_KEYS);
    expect(bill).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      merchantId: merchant.id,
      subMerchantId: null,
      customerId: null,
      customerName: null,
      paymentReference: 'INV-2026/001',
      description: null,
      amount: 1500.5,
      amountPaid: 0,
      currency: 'KES',
      status: 'OPEN',
      expiresAt,
      matchedCreditId: null,
      virtualAccountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      virtualAccountNumber: expect.stringMatching(/^[0-9]{10}$/),
      createdAt: expect.stringMatching(/\.\d{3}Z$/),
    });
    expect(hasValidCheckDigit(bill.virtualAccountNumber)).toBe(true);

    const account = await accountOf(bill.virtualAccountId);
    expect(account).toMatchObject({
      merchantId: merchant.id,
      ownerType: 'EXPECTED_PAYMENT',
      ownerId: bill.id,
      purpose: 'INVOICE',
      accountType: 'ONE_TIME',
      status: 'ACTIVE',
      accountNumber: bill.virtualAccountNumber,
      currency: 'KES',
      singleDepositLimit: null,
    });
    expect(account.expireAt!.toISOString()).toBe(expiresAt);
    expect(account.accountName).toBe(`${merchant.name} – INV-2026/001`);
  });

  it('leaves out the invoice account fields when none is provisioned', async () => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, billBody({ provisionInvoiceVa: false }));
    expect(response.status).toBe(201);
    const bill = await response.json();
    expect(Object.keys(bill).sort()).toEqual(BILL_KEYS_WITHOUT_ACCOUNT);
    const [stored] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id));
    expect(stored!.virtualAccountId).toBeNull();
    const accounts = await db().select().from(virtualAccounts).where(eq(virtualAccounts.ownerId, bill.id));
    expect(accounts).toHaveLength(0);
  });

  it('keeps the amount exact and takes the currency given', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 0.1, currency: 'USD' });
    expect(bill).toMatchObject({ amount: 0.1, currency: 'USD' });
    const usd = await createBill(api, token, { amount: 1234567.89, currency: 'USD' });
    const [stored] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, usd.id));
    expect(stored!.amount).toBe('1234567.8900');
    expect((await accountOf(usd.virtualAccountId!)).currency).toBe('USD');
  });

  it("defaults to the merchant's currency and holds amounts to its minor unit", async () => {
    const { user } = await createMerchant({ name: 'London Traders', email: uniqueEmail('gb'), password: 'correct-horse-battery', currency: 'GBP' });
    const { accessToken } = await signIn(api, user.email, 'correct-horse-battery');
    expect((await createBill(api, accessToken, { amount: 50000 })).currency).toBe('GBP');
    const response = await create(accessToken, billBody({ amount: 50000.555 }));
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([{ path: 'amount', message: 'GBP amounts have at most 2 decimals.' }]);
  });

  it('names every missing field', async () => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, {});
    expect(response.status).toBe(422);
    expect(await errorPaths(response)).toEqual(['amount', 'expiresAt', 'paymentReference']);
  });

  it.each([
    ['paymentReference', ''],
    ['paymentReference', 'R'.repeat(65)],
    ['paymentReference', 'INV 001'],
    ['paymentReference', 'INV#001'],
    ['paymentReference', 'FAKTÜRA-1'],
    ['amount', 0],
    ['amount', -10],
    ['amount', '1500'],
    ['amount', 10.123],
    ['amount', 1e16],
    ['currency', 'XYZ'],
    ['currency', 'kes'],
    ['expiresAt', 'tomorrow'],
    ['expiresAt', '2020-01-01T00:00:00Z'],
    ['expiresAt', inDays(367)],
    ['provisionInvoiceVa', 'yes'],
    ['customerId', 'not-a-uuid'],
    ['subMerchantId', 'not-a-uuid'],
  ])('refuses %s = %j with a 422 naming the field', async (field, value) => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, billBody({ [field]: value }));
    expect(response.status).toBe(422);
    expect(await errorPaths(response)).toEqual([field]);
  });

  it('checks decimals against the currency given', async () => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, billBody({ amount: 10.125, currency: 'EUR' }));
    expect((await problemOf(response)).errors).toEqual([{ path: 'amount', message: 'EUR amounts have at most 2 decimals.' }]);
    expect((await create(token, billBody({ amount: 10.12, currency: 'EUR' }))).status).toBe(201);
  });

  it('takes the largest amount the service takes and reads it back exactly, and refuses one past it with 422', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const largest = await create(token, billBody({ amount: 999999999999.99 }));
    expect(largest.status).toBe(201);
    const bill = await largest.json();
    expect(bill.amount).toBe(999999999999.99);
    const [stored] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id));
    expect(stored!.amount).toBe('999999999999.9900');
    const read = await api.request('GET', `/merchants/me/expected-payments/${bill.id}`, { token });
    expect((await read.json()).amount).toBe(999999999999.99);
    // 10^12, and amounts a JSON number cannot hold exactly (90071992547409.93 arrives as .94).
    for (const amount of [1_000_000_000_000, 90071992547409.93, 100000000000000.01, 999999999999999.9]) {
      const response = await create(token, billBody({ amount }));
      expect(response.status, String(amount)).toBe(422);
      expect((await problemOf(response)).errors).toEqual([{ path: 'amount', message: expect.stringContaining('1,000,000,000,000') }]);
    }
    const bills = await db().select().from(expectedPayments).where(eq(expectedPayments.merchantId, merchant.id));
    expect(bills).toHaveLength(1);
  });

  it('says why an expiry is refused', async () => {
    const { token } = await signedInMerchant(api);
    const past = await problemOf(await create(token, billBody({ expiresAt: new Date(Date.now() - 1000).toISOString() })));
    expect(past.errors![0]!.message).toBe('Must be a future time in ISO 8601 UTC, such as 2026-12-31T21:00:00Z.');
    const far = await problemOf(await create(token, billBody({ expiresAt: inDays(400) })));
    expect(far.errors![0]!.message).toMatch(/one year/);
  });

  it('answers 409 with the existing id when the paymentReference is already used by the merchant', async () => {
    const { token } = await signedInMerchant(api);
    const first = await createBill(api, token, { paymentReference: 'INV-DUP' });
    const response = await create(token, billBody({ paymentReference: 'INV-DUP' }));
    expect(response.status).toBe(409);
    expect((await problemOf(response)).existingId).toBe(first.id);
    const other = await signedInMerchant(api);
    expect((await create(other.token, billBody({ paymentReference: 'INV-DUP' }))).status).toBe(201);
  });

  it('replays the first answer to a retry with the same Idempotency-Key, making one bill and one account', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const body = billBody();
    const first = await create(token, body, { 'Idempotency-Key': 'bill-1' });
    const again = await create(token, body, { 'Idempotency-Key': 'bill-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const bill = await first.json();
    expect(await again.json()).toEqual(bill);
    const rows = await db()
      .select()
      .from(expectedPayments)
      .where(and(eq(expectedPayments.merchantId, merchant.id), eq(expectedPayments.paymentReference, body.paymentReference)));
    expect(rows).toHaveLength(1);
    expect(await db().select().from(virtualAccounts).where(eq(virtualAccounts.ownerId, bill.id))).toHaveLength(1);
  });

  it('is refused to SUPPORT users with 403', async () => {
    const { merchant } = await signedInMerchant(api);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const response = await create(support.token, billBody());
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe('forbidden');
  });
});

describe('bills for customers and sub-merchants', () => {
  it("bills a customer, taking the customer's sub-merchant and naming the account after it", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id, 'Westlands Branch');
    const customer = await createCustomer(api, token, { subMerchantId: branch.id });
    const bill = await createBill(api, token, { customerId: customer.id, paymentReference: 'WL-7' });
    expect(bill).toMatchObject({ customerId: customer.id, subMerchantId: branch.id });
    const account = await accountOf(bill.virtualAccountId!);
    expect(account.subMerchantId).toBe(branch.id);
    expect(account.accountName).toBe('Westlands Branch – WL-7');
  });

  it('takes null customerId and subMerchantId as none', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { customerId: null, subMerchantId: null });
    expect(bill).toMatchObject({ customerId: null, subMerchantId: null });
  });

  it("refuses a sub-merchant other than the customer's with 422", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const other = await newSubMerchant(merchant.id);
    const customer = await createCustomer(api, token, { subMerchantId: branch.id });
    const response = await create(token, billBody({ customerId: customer.id, subMerchantId: other.id }));
    expect(response.status).toBe(422);
    expect(await errorPaths(response)).toEqual(['subMerchantId']);
  });

  it("answers 404 for another merchant's customer or sub-merchant", async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const foreignCustomer = await createCustomer(api, other.token);
    const foreignBranch = await newSubMerchant(other.merchant.id);
    expect((await create(token, billBody({ customerId: foreignCustomer.id }))).status).toBe(404);
    expect((await create(token, billBody({ subMerchantId: foreignBranch.id }))).status).toBe(404);
  });

  it('bills for its own sub-merchant when the user is scoped, and refuses another with 404', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const sibling = await newSubMerchant(merchant.id);
    const bill = await createBill(api, scoped.token);
    expect(bill.subMerchantId).toBe(scoped.subMerchant.id);
    expect((await create(scoped.token, billBody({ subMerchantId: sibling.id }))).status).toBe(404);
    const merchantWideCustomer = await createCustomer(api, token);
    expect((await create(scoped.token, billBody({ customerId: merchantWideCustomer.id }))).status).toBe(404);
  });
});
