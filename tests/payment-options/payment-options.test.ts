import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { expectPaymentOptions } from './support';
import { newSubMerchant } from '../support/fixtures';
import { newBill, newCustomer, newCustomerAccount, signedInMerchant, signedInUser } from '../accounts/support';

const api = useTestApi();
const options = (token: string, query = '') => api.request('GET', `/merchants/me/payment-options${query}`, { token });

describe('GET /merchants/me/payment-options', () => {
  it('describes the LEGACY account when no target is named, with this deployment\'s paybill and bank', async () => {
    const { token, virtualAccount } = await signedInMerchant(api, 'Duka La Juma');
    const response = await options(token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectPaymentOptions(body, virtualAccount.accountNumber);
    expect(body).toMatchObject({ virtualAccountName: 'Duka La Juma', referenceHint: null, rtgsNarrationHint: virtualAccount.accountNumber });
    expect(body.options[0]).toEqual({ channel: 'MOBILE_MONEY', displayName: 'M-Pesa Pay Bill', paybillNumber: '4123456', paybillNumberName: 'Collect Demo Paybill', accountNumber: virtualAccount.accountNumber });
    expect(body.options[2]).toMatchObject({ bankName: 'Demo Commercial Bank of Kenya', branchName: 'Nairobi Head Office', swiftCode: 'DEMOKENXXXX', accountName: 'Duka La Juma' });
    const steps = body.mobileMoneyCustomerFacingCopy.split('\n');
    expect(steps.slice(1, 8).map((step: string) => step.slice(0, 3))).toEqual(['1. ', '2. ', '3. ', '4. ', '5. ', '6. ', '7. ']);
    expect(body.mobileMoneyCustomerFacingCopy).toMatch(/M-Pesa menu[\s\S]*Lipa na M-Pesa[\s\S]*Pay Bill[\s\S]*business number 4123456[\s\S]*account number \d{10}[\s\S]*amount[\s\S]*PIN/);
  });

  it('describes a named account', async () => {
    const { token } = await signedInMerchant(api);
    const brand = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND', accountName: 'Juma Shoes' } })).json();
    const body = await (await options(token, `?virtualAccountId=${brand.id}`)).json();
    expectPaymentOptions(body, brand.accountNumber);
    expect(body.virtualAccountName).toBe('Juma Shoes');
  });

  it('describes a bill by its invoice account, naming the amount due', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { bill, account } = await newBill(merchant.id, { invoiceAccount: true, amount: '1500.5' });
    const body = await (await options(token, `?expectedPaymentId=${bill.id}`)).json();
    expectPaymentOptions(body, account!.accountNumber);
    expect(body.referenceHint).toBeNull();
    expect(body.mobileMoneyCustomerFacingCopy).toContain('Enter the amount: KES 1,500.50.');
    expect(body.stkPushCustomerFacingCopy).toContain('KES 1,500.50');
    expect(body.rtgsCustomerFacingCopy).toContain('Amount: KES 1,500.50');
  });

  it('sends the payer of a bill without an invoice account to the LEGACY account with the bill\'s reference', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { reference: 'INV-2026-0042', amount: '250' });
    const body = await (await options(token, `?expectedPaymentId=${bill.id}`)).json();
    expectPaymentOptions(body, virtualAccount.accountNumber);
    expect(body.referenceHint).toBe('INV-2026-0042');
    expect(body.rtgsNarrationHint).toBe(`${virtualAccount.accountNumber} INV-2026-0042`);
    expect(body.instantBankCustomerFacingCopy).toContain('Reference: INV-2026-0042');
    expect(body.rtgsCustomerFacingCopy).toContain('Amount: KES 250.00');
  });

  it('describes a customer\'s account, and asks for it to be provisioned first when there is none', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const customer = await newCustomer(merchant.id);
    const missing = await options(token, `?customerId=${customer.id}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toMatch(/provision it first/);

    const account = await newCustomerAccount(customer);
    const body = await (await options(token, `?customerId=${customer.id}`)).json();
    expectPaymentOptions(body, account.accountNumber);
    expect(body.virtualAccountName).toBe(customer.displayName);
  });

  it('describes a sub-merchant\'s BRAND account in preference to its other accounts', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const none = await options(token, `?subMerchantId=${branch.id}`);
    expect(none.status).toBe(404);
    expect((await none.json()).detail).toMatch(/no active collection account/);

    const subscriber = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'SUBSCRIBER', subMerchantId: branch.id } })).json();
    expect((await (await options(token, `?subMerchantId=${branch.id}`)).json()).virtualAccountNumber).toBe(subscriber.accountNumber);
    const brand = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND', subMerchantId: branch.id } })).json();
    expect((await (await options(token, `?subMerchantId=${branch.id}`)).json()).virtualAccountNumber).toBe(brand.accountNumber);

    await db().update(virtualAccounts).set({ status: 'CLOSED' }).where(eq(virtualAccounts.id, brand.id));
    expect((await (await options(token, `?subMerchantId=${branch.id}`)).json()).virtualAccountNumber).toBe(subscriber.accountNumber);
  });

  it('gives a scoped user its sub-merchant\'s account by default, and nothing of other sub-merchants', async () => {
    const { token: ownerToken, merchant } = await signedInMerchant(api);
    const [mine, theirs] = [await newSubMerchant(merchant.id), await newSubMerchant(merchant.id)];
    const token = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', mine.id);
    expect((await options(token)).status).toBe(404);

    const account = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'SUBSCRIBER' } })).json();
    const theirAccount = await (await api.request('POST', '/merchants/me/virtual-accounts', { token: ownerToken, json: { purpose: 'BRAND', subMerchantId: theirs.id } })).json();
    const body = await (await options(token)).json();
    expectPaymentOptions(body, account.accountNumber);
    expect((await options(token, `?subMerchantId=${theirs.id}`)).status).toBe(404);
    expect((await options(token, `?virtualAccountId=${theirAccount.id}`)).status).toBe(404);
    const { bill } = await newBill(merchant.id, { subMerchantId: theirs.id });
    expect((await options(token, `?expectedPaymentId=${bill.id}`)).status).toBe(404);
  });

  it('answers 404 for every kind of id that belongs to another merchant', async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const { bill } = await newBill(other.merchant.id, { invoiceAccount: true });
    const customer = await newCustomer(other.merchant.id);
    await newCustomerAccount(customer);
    const branch = await newSubMerchant(other.merchant.id);
    await api.request('POST', '/merchants/me/virtual-accounts', { token: other.token, json: { purpose: 'BRAND', subMerchantId: branch.id } });
    const queries = [`virtualAccountId=${other.virtualAccount.id}`, `expectedPaymentId=${bill.id}`, `customerId=${customer.id}`, `subMerchantId=${branch.id}`, `customerId=${randomUUID()}`];
    for (const query of queries) {
      const response = await options(token, `?${query}`);
      expect(response.status, query).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
  });

  it('answers 422 to more than one target, or to a target id that is not a uuid', async () => {
    const { token, virtualAccount, merchant } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const two = await options(token, `?virtualAccountId=${virtualAccount.id}&subMerchantId=${branch.id}`);
    expect(two.status).toBe(422);
    expect((await two.json()).errors.map((error: { path: string }) => error.path).sort()).toEqual(['query.subMerchantId', 'query.virtualAccountId']);
    const malformed = await options(token, '?customerId=42');
    expect(malformed.status).toBe(422);
    expect((await malformed.json()).errors[0].path).toBe('query.customerId');
  });
});
