import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectedPayments } from '@/lib/bills/schema';
import { setMerchantCategoryCode } from '@/lib/payment-options/ke-qr/category-code';
import { db } from '@/lib/platform/db';
import { newCustomer, newCustomerAccount, signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { expectValidKeQr, readBackQr } from './support';

const api = useTestApi();
const PAYBILL = '4123456';

async function optionsOf(token: string, query = '') {
  const response = await api.request('GET', `/merchants/me/payment-options${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { virtualAccountNumber: string; referenceHint: string | null; keQr: { payload: string; kind: string } | null };
}

async function provision(token: string, json: Record<string, unknown>) {
  const response = await api.request('POST', '/merchants/me/virtual-accounts', { token, json });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; accountNumber: string };
}

async function raiseBill(token: string, overrides: Record<string, unknown> = {}) {
  const json = { paymentReference: `INV-${randomUUID().slice(0, 8)}`, amount: 1500.5, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), ...overrides };
  const response = await api.request('POST', '/merchants/me/expected-payments', { token, json });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; paymentReference: string; virtualAccountNumber: string | null };
}

describe('KE-QR codes in GET /merchants/me/payment-options', () => {
  it('gives every kind of KES account a static code naming the paybill and that account', async () => {
    const { token, merchant } = await signedInMerchant(api, 'Mama Mboga Wholesalers');
    const subMerchant = await newSubMerchant(merchant.id);
    const brand = await provision(token, { purpose: 'BRAND', subMerchantId: subMerchant.id });
    const subscriber = await provision(token, { purpose: 'SUBSCRIBER' });
    const currency = await provision(token, { purpose: 'CURRENCY', currency: 'KES', subMerchantId: subMerchant.id });
    const customer = await newCustomer(merchant.id);
    const customerAccount = await newCustomerAccount(customer);
    const targets = [
      ['LEGACY', ''],
      ['BRAND', `?virtualAccountId=${brand.id}`],
      ['SUBSCRIBER', `?virtualAccountId=${subscriber.id}`],
      ['CURRENCY', `?virtualAccountId=${currency.id}`],
      ['CUSTOMER', `?customerId=${customer.id}`],
      ['CUSTOMER account', `?virtualAccountId=${customerAccount.id}`],
    ];
    for (const [kind, query] of targets) {
      const options = await optionsOf(token, query);
      expect(options.keQr?.kind, kind).toBe('STATIC');
      const decoded = expectValidKeQr(options.keQr!.payload);
      expect(decoded.byId['01'], kind).toBe('11');
      expect(decoded.templates['28'], kind).toEqual({ '00': 'ke.go.qr', '01': PAYBILL, '02': options.virtualAccountNumber });
      expect(decoded.byId, kind).toMatchObject({ '52': '0000', '53': '404', '58': 'KE', '59': 'Mama Mboga Wholesalers', '60': 'Nairobi' });
      expect(decoded.byId['54'], kind).toBeUndefined();
    }
  });

  it('gives an open bill a dynamic code with what is still due, with and without cents, and its reference', async () => {
    const { token } = await signedInMerchant(api);
    const withCents = await raiseBill(token, { amount: 1500.5 });
    const whole = await raiseBill(token, { amount: 2000, provisionInvoiceVa: false });
    const centsCode = expectValidKeQr((await optionsOf(token, `?expectedPaymentId=${withCents.id}`)).keQr!.payload);
    expect(centsCode.byId).toMatchObject({ '01': '12', '54': '1500.50' });
    expect(centsCode.templates['28']!['02']).toBe(withCents.virtualAccountNumber);
    expect(centsCode.templates['62']).toEqual({ '01': withCents.paymentReference });

    // Without an invoice account the payer types the main account, then # and the reference.
    const wholeOptions = await optionsOf(token, `?expectedPaymentId=${whole.id}`);
    expect(wholeOptions.keQr?.kind).toBe('DYNAMIC');
    const wholeCode = expectValidKeQr(wholeOptions.keQr!.payload);
    expect(wholeCode.byId['54']).toBe('2000');
    expect(wholeCode.templates['28']!['02']).toBe(`${wholeOptions.virtualAccountNumber}#${whole.paymentReference}`);
    expect(await readBackQr(wholeOptions.keQr!.payload)).toBe(wholeOptions.keQr!.payload);
  });

  it('asks a part-paid bill for the rest only', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await raiseBill(token, { amount: 1500.5 });
    await db().update(expectedPayments).set({ amountPaid: '1000', status: 'PARTIALLY_PAID' }).where(eq(expectedPayments.id, bill.id));
    expect(expectValidKeQr((await optionsOf(token, `?expectedPaymentId=${bill.id}`)).keQr!.payload).byId['54']).toBe('500.50');
  });

  it('has no code for a USD bill or a USD account (KE-QR is KES), nor for a bill no longer open', async () => {
    const { token } = await signedInMerchant(api);
    const usdBill = await raiseBill(token, { currency: 'USD', amount: 120 });
    const usdAccount = await provision(token, { purpose: 'CURRENCY', currency: 'USD' });
    const paid = await raiseBill(token);
    await db().update(expectedPayments).set({ status: 'PAID', amountPaid: '1500.5' }).where(eq(expectedPayments.id, paid.id));
    expect((await optionsOf(token, `?expectedPaymentId=${usdBill.id}`)).keQr).toBeNull();
    expect((await optionsOf(token, `?virtualAccountId=${usdAccount.id}`)).keQr).toBeNull();
    expect((await optionsOf(token, `?expectedPaymentId=${paid.id}`)).keQr).toBeNull();
  });

  it("uses the merchant's category code once set, and writes names with accents, apostrophes and 40 characters in the standard's set", async () => {
    const name = "Ng'ang'a Crème & Café Wholesalers Ltd KE";
    expect(name).toHaveLength(40);
    const { token, merchant } = await signedInMerchant(api, name);
    expect((await optionsOf(token)).keQr!.payload).toContain('52040000');
    await expect(setMerchantCategoryCode(merchant.id, '54a1')).rejects.toThrow(/four digits/);
    expect(await setMerchantCategoryCode(merchant.id, '5411')).toMatchObject({ merchantCategoryCode: '5411' });
    const { keQr } = await optionsOf(token);
    const decoded = expectValidKeQr(keQr!.payload);
    expect(decoded.byId['52']).toBe('5411');
    expect(decoded.byId['59']).toBe("Ng'ang'a Creme & Cafe Who");
    expect(await readBackQr(keQr!.payload)).toBe(keQr!.payload);
  });

  it('carries the same code on the public payer page', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await raiseBill(token);
    const link = await (await api.request('POST', '/merchants/me/payer-links', { token, json: { targetType: 'EXPECTED_PAYMENT', targetId: bill.id } })).json();
    const page = await (await api.request('GET', `/payer-links/${link.token}`)).json();
    expect(page.paymentOptions.keQr).toEqual((await optionsOf(token, `?expectedPaymentId=${bill.id}`)).keQr);
  });
});
