import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { rejectionReasons } from '@/lib/payments/inbound';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { stkInitiations } from '@/lib/stk/schema';
import { allPages, newBill, newCustomer, newCustomerAccount, signedInMerchant, signedInUser } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { initiate, settled } from './support';

const api = useTestApi();
const PATH = '/merchants/me/stk/initiate';
const send = (token: string, json: Record<string, unknown>, headers?: Record<string, string>) => api.request('POST', PATH, { token, json, headers });

async function fieldErrors(response: Response) {
  expect(response.status).toBe(422);
  const problem = await response.json();
  expect(problem.code).toBe('validation_failed');
  return problem.errors.map((error: { path: string }) => error.path);
}

describe('POST /merchants/me/stk/initiate: what it refuses', () => {
  it('refuses decimals (Daraja takes whole shillings), a non-Kenyan-mobile phone, and anything but exactly one target', async () => {
    const { token, virtualAccount, merchant } = await signedInMerchant(api);
    const accountNumber = virtualAccount.accountNumber;
    expect(await fieldErrors(await send(token, { phone: '254712345678', amount: 1500.5, accountNumber }))).toEqual(['amount']);
    expect(await fieldErrors(await send(token, { phone: '0712 345', amount: 10, accountNumber }))).toEqual(['phone']);
    // A mobile number, but not a Kenyan one: M-Pesa cannot prompt it.
    expect(await fieldErrors(await send(token, { phone: '+447911123456', amount: 10, accountNumber }))).toEqual(['phone']);
    expect(await fieldErrors(await send(token, { phone: '254712345678', amount: 10 }))).toEqual(['']);
    const { bill } = await newBill(merchant.id);
    expect(await fieldErrors(await send(token, { phone: '254712345678', amount: 10, accountNumber, expectedPaymentId: bill.id }))).toEqual(['']);
    expect(await db().select().from(stkInitiations).where(eq(stkInitiations.merchantId, merchant.id))).toHaveLength(0);
  });

  it('answers 404 for an account, bill or customer the caller cannot see', async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    const { bill } = await newBill(theirs.merchant.id);
    const customer = await newCustomer(theirs.merchant.id);
    await newCustomerAccount(customer);
    for (const target of [{ accountNumber: theirs.virtualAccount.accountNumber }, { expectedPaymentId: bill.id }, { customerId: customer.id }]) {
      const response = await send(mine.token, { phone: '254712345678', amount: 10, ...target });
      expect(response.status).toBe(404);
    }
  });

  it('answers 422 payment_rejected with the reason when the account could not take the money', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    await db().update(virtualAccounts).set({ singleDepositLimit: '1000' }).where(eq(virtualAccounts.id, virtualAccount.id));
    const over = await send(token, { phone: '254712345678', amount: 1001, accountNumber: virtualAccount.accountNumber });
    expect(await over.json()).toMatchObject({ status: 422, code: 'payment_rejected', reason: 'OVER_LIMIT', detail: rejectionReasons.OVER_LIMIT });

    const dollars = await db().transaction((tx) =>
      insertVirtualAccount(tx, { merchantId: merchant.id, ownerType: 'MERCHANT', ownerId: merchant.id, purpose: 'CURRENCY', accountName: 'USD', accountType: 'STATIC', currency: 'USD' }),
    );
    expect(await (await send(token, { phone: '254712345678', amount: 10, accountNumber: dollars.accountNumber })).json()).toMatchObject({ reason: 'WRONG_CURRENCY' });

    const { bill } = await newBill(merchant.id, { invoiceAccount: true });
    await db().update(expectedPayments).set({ status: 'CANCELLED' }).where(eq(expectedPayments.id, bill.id));
    expect(await (await send(token, { phone: '254712345678', amount: 10, expectedPaymentId: bill.id })).json()).toMatchObject({ reason: 'BILL_CLOSED' });
  });

  it('lets support users read prompts but not send them', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect((await send(support, { phone: '254712345678', amount: 10, accountNumber: virtualAccount.accountNumber })).status).toBe(403);
    expect((await api.request('GET', '/merchants/me/stk', { token: support })).status).toBe(200);
  });
});

describe('POST /merchants/me/stk/initiate: what a prompt pays', () => {
  it('pays a bill through its invoice account, and the bill becomes PAID', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { bill, account } = await newBill(merchant.id, { invoiceAccount: true, amount: '1500' });
    const initiation = await initiate(api, token, { phone: '254712345678', amount: 1500, expectedPaymentId: bill.id });
    expect(initiation).toMatchObject({ accountNumber: account!.accountNumber, expectedPaymentId: bill.id });
    expect((await settled(api, token, initiation.id)).status).toBe('COMPLETED');
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id)))[0]!.status).toBe('PAID');
  });

  it('pays a bill without its own account into the main account, quoting the bill\'s reference', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { amount: '2000' });
    const initiation = await initiate(api, token, { phone: '254712345678', amount: 500, expectedPaymentId: bill.id });
    expect(initiation.accountNumber).toBe(virtualAccount.accountNumber);
    const done = await settled(api, token, initiation.id);
    const [payment] = await db().select().from(payments).where(eq(payments.id, done.paymentId!));
    expect(payment).toMatchObject({ expectedPaymentId: bill.id, billReference: bill.paymentReference, matchStatus: 'PARTIAL' });
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id)))[0]!.status).toBe('PARTIALLY_PAID');
  });

  it('pays a customer\'s own account', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const customer = await newCustomer(merchant.id);
    const account = await newCustomerAccount(customer);
    const initiation = await initiate(api, token, { phone: '254712345678', amount: 300, customerId: customer.id });
    expect(initiation).toMatchObject({ accountNumber: account.accountNumber, customerId: customer.id, expectedPaymentId: null });
    const done = await settled(api, token, initiation.id);
    expect((await db().select().from(payments).where(eq(payments.id, done.paymentId!)))[0]).toMatchObject({ customerId: customer.id });
  });

  it('replays the same prompt for a repeated Idempotency-Key instead of prompting twice', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const body = { phone: '254700000006', amount: 10, accountNumber: virtualAccount.accountNumber };
    const first = await send(token, body, { 'idempotency-key': 'prompt-1' });
    const again = await send(token, body, { 'idempotency-key': 'prompt-1' });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await db().select().from(stkInitiations).where(eq(stkInitiations.merchantId, merchant.id))).toHaveLength(1);
  });
});

describe('GET /merchants/me/stk', () => {
  it('lists the caller\'s prompts newest first in keyset pages, filters by status, and hides other merchants\' and sub-merchants\'', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      ids.push((await initiate(api, token, { phone: '254700000006', amount: 10 + index, accountNumber: virtualAccount.accountNumber })).id);
    }
    const pages = await allPages(api, '/merchants/me/stk?limit=2', token);
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(pages.flat().map((row) => row.id)).toEqual([...ids].reverse());
    expect(await (await api.request('GET', '/merchants/me/stk?status=COMPLETED', { token })).json()).toEqual([]);

    const other = await signedInMerchant(api);
    expect((await api.request('GET', `/merchants/me/stk/${ids[0]}`, { token: other.token })).status).toBe(404);
    expect(await (await api.request('GET', '/merchants/me/stk', { token: other.token })).json()).toEqual([]);
    const branch = await newSubMerchant(merchant.id);
    const scoped = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', branch.id);
    expect((await api.request('GET', `/merchants/me/stk/${ids[0]}`, { token: scoped })).status).toBe(404);
  });
});
