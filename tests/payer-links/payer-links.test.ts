import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { customers } from '@/lib/customers/schema';
import { payerLinks } from '@/lib/payer-links/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { expectExactKeys, isIsoMillis, newBill, newCustomer, newCustomerAccount, signedInMerchant, signedInUser } from '../accounts/support';
import { expectPaymentOptions } from '../payment-options/support';

const api = useTestApi();
const LINK_KEYS = ['token', 'path', 'targetType', 'targetId', 'createdAt'];
const PAGE_KEYS = ['merchantName', 'targetType', 'status', 'paymentOptions', 'bill', 'customer', 'accountName', 'currency'];

const createLink = (token: string, targetType: string, targetId: string) =>
  api.request('POST', '/merchants/me/payer-links', { token, json: { targetType, targetId } });
const openLink = (linkToken: string) => api.request('GET', `/payer-links/${linkToken}`);

describe('POST /merchants/me/payer-links', () => {
  it('makes a link the first time (201) and answers the same link afterwards (200)', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const first = await createLink(token, 'VIRTUAL_ACCOUNT', virtualAccount.id);
    expect(first.status).toBe(201);
    const link = await first.json();
    expectExactKeys(link, LINK_KEYS);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toMatchObject({ path: `/pay/${link.token}`, targetType: 'VIRTUAL_ACCOUNT', targetId: virtualAccount.id });
    expect(isIsoMillis(link.createdAt)).toBe(true);

    const second = await createLink(token, 'VIRTUAL_ACCOUNT', virtualAccount.id);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(link);
    const rows = await db().select().from(payerLinks).where(eq(payerLinks.targetId, virtualAccount.id));
    expect(rows).toHaveLength(1);
  });

  it('makes links for bills and customers, each with its own token', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { invoiceAccount: true });
    const customer = await newCustomer(merchant.id);
    await newCustomerAccount(customer);
    const billLink = await createLink(token, 'EXPECTED_PAYMENT', bill.id);
    const customerLink = await createLink(token, 'CUSTOMER', customer.id);
    expect([billLink.status, customerLink.status]).toEqual([201, 201]);
    expect((await billLink.json()).token).not.toBe((await customerLink.json()).token);
  });

  it('answers 404 for a target of another merchant, of another sub-merchant, or unknown', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const { bill } = await newBill(other.merchant.id);
    const customer = await newCustomer(other.merchant.id);
    await newCustomerAccount(customer);
    for (const [type, id] of [['VIRTUAL_ACCOUNT', other.virtualAccount.id], ['EXPECTED_PAYMENT', bill.id], ['CUSTOMER', customer.id], ['VIRTUAL_ACCOUNT', randomUUID()]] as const) {
      const response = await createLink(token, type, id);
      expect(response.status, type).toBe(404);
    }
    // A bill id named as an account is not an account.
    const { bill: ownBill } = await newBill(merchant.id);
    expect((await createLink(token, 'VIRTUAL_ACCOUNT', ownBill.id)).status).toBe(404);

    const [mine, theirs] = [await newSubMerchant(merchant.id), await newSubMerchant(merchant.id)];
    const scoped = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', mine.id);
    const theirAccount = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND', subMerchantId: theirs.id } })).json();
    expect((await createLink(scoped, 'VIRTUAL_ACCOUNT', theirAccount.id)).status).toBe(404);
    expect((await createLink(scoped, 'VIRTUAL_ACCOUNT', merchant.id)).status).toBe(404);
  });

  it('answers 422 to an unknown target type or a malformed id', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const cases: [unknown, string[]][] = [
      [{ targetType: 'MERCHANT', targetId: virtualAccount.id }, ['targetType']],
      [{ targetType: 'VIRTUAL_ACCOUNT', targetId: 'abc' }, ['targetId']],
      [{}, ['targetId', 'targetType']],
    ];
    for (const [json, paths] of cases) {
      const response = await api.request('POST', '/merchants/me/payer-links', { token, json });
      expect(response.status).toBe(422);
      expect((await response.json()).errors.map((error: { path: string }) => error.path).sort()).toEqual(paths);
    }
  });

  it("lets SUPPORT users get a target's payer link, the same one the merchant gets, and nothing of another merchant", async () => {
    const { token: merchantToken, merchant, virtualAccount } = await signedInMerchant(api);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const first = await createLink(support, 'VIRTUAL_ACCOUNT', virtualAccount.id);
    expect(first.status).toBe(201);
    const link = await first.json();
    expect(await (await createLink(merchantToken, 'VIRTUAL_ACCOUNT', virtualAccount.id)).json()).toEqual(link);
    expect(await db().select().from(payerLinks).where(eq(payerLinks.targetId, virtualAccount.id))).toHaveLength(1);

    const other = await signedInMerchant(api);
    expect((await createLink(support, 'VIRTUAL_ACCOUNT', other.virtualAccount.id)).status).toBe(404);
  });

  it('still refuses SUPPORT users every other write, even one whose path ends alike', async () => {
    const { merchant } = await signedInMerchant(api);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const writes = [
      api.request('POST', '/merchants/me/virtual-accounts', { token: support, json: { purpose: 'BRAND' } }),
      api.request('POST', '/merchants/me/payer-links/extra', { token: support, json: {} }),
      api.request('DELETE', '/merchants/me/payer-links', { token: support }),
    ];
    for (const response of await Promise.all(writes)) expect(response.status).toBe(403);
  });
});

describe('GET /payer-links/{token} (public)', () => {
  it('opens without a bearer token and shows how to pay an account', async () => {
    const { token, virtualAccount } = await signedInMerchant(api, 'Duka La Juma');
    const link = await (await createLink(token, 'VIRTUAL_ACCOUNT', virtualAccount.id)).json();
    const response = await openLink(link.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.json();
    expectExactKeys(page, PAGE_KEYS);
    expect(page).toMatchObject({ merchantName: 'Duka La Juma', targetType: 'VIRTUAL_ACCOUNT', status: 'PAYABLE', bill: null, customer: null, accountName: 'Duka La Juma' });
    expectPaymentOptions(page.paymentOptions, virtualAccount.accountNumber);
  });

  it('shows a bill\'s reference, amount, expiry and status, and the amount in the instructions', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { bill, account } = await newBill(merchant.id, { invoiceAccount: true, amount: '980', reference: 'INV-77' });
    const link = await (await createLink(token, 'EXPECTED_PAYMENT', bill.id)).json();
    const page = await (await openLink(link.token)).json();
    expectExactKeys(page, PAGE_KEYS);
    expectExactKeys(page.bill, ['paymentReference', 'amount', 'amountDue', 'currency', 'expiresAt', 'status']);
    expect(page.bill).toEqual({ paymentReference: 'INV-77', amount: 980, amountDue: 980, currency: 'KES', expiresAt: bill.expiresAt.toISOString(), status: 'OPEN' });
    expectPaymentOptions(page.paymentOptions, account!.accountNumber);
    expect(page.paymentOptions.mobileMoneyCustomerFacingCopy).toContain('KES 980.00');
  });

  it('tells the payer of a partly paid bill what is still due, to the cent', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { invoiceAccount: true, amount: '1000.10' });
    await db().update(expectedPayments).set({ amountPaid: '400.05', status: 'PARTIALLY_PAID' }).where(eq(expectedPayments.id, bill.id));
    const page = await (await openLink((await (await createLink(token, 'EXPECTED_PAYMENT', bill.id)).json()).token)).json();
    expect(page.bill).toMatchObject({ amount: 1000.1, amountDue: 600.05, status: 'PARTIALLY_PAID' });
    expect(page.paymentOptions.mobileMoneyCustomerFacingCopy).toContain('KES 600.05');
  });

  it('shows a customer only by display name', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const customer = await newCustomer(merchant.id, { displayName: 'Achieng Otieno' });
    const account = await newCustomerAccount(customer);
    const page = await (await openLink((await (await createLink(token, 'CUSTOMER', customer.id)).json()).token)).json();
    expect(page.customer).toEqual({ displayName: 'Achieng Otieno' });
    expect(page.bill).toBeNull();
    expectPaymentOptions(page.paymentOptions, account.accountNumber);
    expect(JSON.stringify(page)).not.toContain(customer.email);
    expect(JSON.stringify(page)).not.toContain(customer.phone);
    const byAccount = await (await openLink((await (await createLink(token, 'VIRTUAL_ACCOUNT', account.id)).json()).token)).json();
    expect(byAccount.customer).toEqual({ displayName: 'Achieng Otieno' });
  });

  it('shows nothing of the merchant\'s other bills, customers or accounts', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { invoiceAccount: true, reference: 'INV-THIS-ONE' });
    const { bill: otherBill, account: otherAccount } = await newBill(merchant.id, { invoiceAccount: true, reference: 'INV-SECRET' });
    const otherCustomer = await newCustomer(merchant.id, { displayName: 'Someone Else' });
    const text = await (await openLink((await (await createLink(token, 'EXPECTED_PAYMENT', bill.id)).json()).token)).text();
    for (const secret of ['INV-SECRET', otherBill.id, otherAccount!.accountNumber, 'Someone Else', otherCustomer.id, virtualAccount.accountNumber, merchant.id, bill.id]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 410 once the bill is cancelled, paid or past its expiry, saying why', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const cancelledAt = new Date('2026-03-02T09:30:00.000Z');
    const lapsedAt = new Date(Date.now() - 60_000);
    const cases = [
      { set: { status: 'CANCELLED' as const, cancelledAt }, reason: /cancelled this bill on 2 March 2026 at 12:30 \(Nairobi time\)/, code: 'BILL_CANCELLED', at: cancelledAt },
      // Marked paid without a payment: the service does not make up a date.
      { set: { status: 'PAID' as const }, reason: /paid in full, so/, code: 'BILL_PAID', at: null },
      { set: { status: 'EXPIRED' as const }, reason: /expired on/, code: 'BILL_EXPIRED', at: 'expiresAt' as const },
      { set: { expiresAt: lapsedAt }, reason: /expired on .* \(Nairobi time\)/, code: 'BILL_EXPIRED', at: lapsedAt },
    ];
    for (const { set, reason, code, at } of cases) {
      const { bill } = await newBill(merchant.id, { invoiceAccount: true, amount: '2750.5' });
      const link = await (await createLink(token, 'EXPECTED_PAYMENT', bill.id)).json();
      expect((await openLink(link.token)).status).toBe(200);
      await db().update(expectedPayments).set(set).where(eq(expectedPayments.id, bill.id));
      const response = await openLink(link.token);
      expect(response.status, JSON.stringify(set)).toBe(410);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem.code).toBe('payer_link_closed');
      expect(problem.detail).toMatch(reason);
      // What the closed payer page shows, in any language: whose bill, which, how much, why and when.
      expect(problem.closed).toEqual({
        reason: code,
        at: at === 'expiresAt' ? bill.expiresAt.toISOString() : (at?.toISOString() ?? null),
        merchantName: 'Test Merchant',
        bill: { paymentReference: bill.paymentReference, amount: 2750.5, currency: 'KES' },
      });
    }
  });

  it('answers 410 for a closed account, through its own link or its bill\'s', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const brand = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND' } })).json();
    const { bill, account } = await newBill(merchant.id, { invoiceAccount: true });
    const accountLink = await (await createLink(token, 'VIRTUAL_ACCOUNT', brand.id)).json();
    const invoiceLink = await (await createLink(token, 'VIRTUAL_ACCOUNT', account!.id)).json();
    expect((await (await openLink(invoiceLink.token)).json()).bill.paymentReference).toBe(bill.paymentReference);
    await db().update(virtualAccounts).set({ status: 'CLOSED' }).where(eq(virtualAccounts.id, brand.id));
    await db().update(expectedPayments).set({ status: 'CANCELLED' }).where(eq(expectedPayments.id, bill.id));
    const closed = await openLink(accountLink.token);
    expect(closed.status).toBe(410);
    expect((await closed.json()).detail).toMatch(/account has been closed/);
    expect((await openLink(invoiceLink.token)).status).toBe(410);
  });

  it('answers 410 for a customer who is no longer active', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const customer = await newCustomer(merchant.id);
    await newCustomerAccount(customer);
    const link = await (await createLink(token, 'CUSTOMER', customer.id)).json();
    await db().update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, customer.id));
    expect((await openLink(link.token)).status).toBe(410);
  });

  it('answers 404 to an unknown or malformed token', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'has.dots.in.it.xxxxxxxxx']) {
      const response = await openLink(token);
      expect(response.status, token).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
  });

  it('ignores a bearer token and still shows only the link\'s own target', async () => {
    const first = await signedInMerchant(api, 'First Merchant');
    const second = await signedInMerchant(api, 'Second Merchant');
    const link = await (await createLink(first.token, 'VIRTUAL_ACCOUNT', first.virtualAccount.id)).json();
    const response = await api.request('GET', `/payer-links/${link.token}`, { token: second.token });
    expect(response.status).toBe(200);
    expect((await response.json()).merchantName).toBe('First Merchant');
  });
});
