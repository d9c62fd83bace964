import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { c2bBody, paymentsWithReference, postC2b } from './support';

const api = useTestApi();

async function validate(billRef: string, amount = '1500.00', overrides: Record<string, unknown> = {}) {
  const response = await postC2b(api, 'validation', c2bBody(billRef, amount, overrides));
  expect(response.status).toBe(200);
  return response.json();
}

const rejected = (code: string) => ({ ResultCode: code, ResultDesc: 'Rejected' });

describe('M-Pesa paybill validation (Daraja C2B)', () => {
  it('accepts a payment to an active account, in Daraja\'s format, quickly and without recording anything', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '1500.00');
    const started = performance.now();
    const response = await postC2b(api, 'validation', body);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await paymentsWithReference(body.TransID)).toHaveLength(0);
  });

  it('accepts a bill reference typed after the account number, and refuses it typed alone', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const { bill } = await newBill(merchant.id);
    expect(await validate(`${virtualAccount.accountNumber}#${bill.paymentReference}`)).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await validate(bill.paymentReference)).toEqual(rejected('C2B00012'));
  });

  it('rejects an unknown account, a mistyped check digit and a bare reference with C2B00012', async () => {
    const { virtualAccount } = await newMerchant();
    expect(await validate(withCheckDigit('999999998'))).toEqual(rejected('C2B00012'));
    const number = virtualAccount.accountNumber;
    const typo = number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);
    expect(await validate(typo)).toEqual(rejected('C2B00012'));

    const reference = `SHARED-${Date.now()}`;
    await newBill((await newMerchant()).merchant.id, { reference });
    await newBill((await newMerchant()).merchant.id, { reference });
    expect(await validate(reference)).toEqual(rejected('C2B00012'));
  });

  it('rejects a closed or expired account and a cancelled bill\'s account with C2B00012', async () => {
    const closed = (await newMerchant()).virtualAccount;
    await db().update(virtualAccounts).set({ status: 'CLOSED' }).where(eq(virtualAccounts.id, closed.id));
    expect(await validate(closed.accountNumber)).toEqual(rejected('C2B00012'));

    const expired = (await newMerchant()).virtualAccount;
    await db().update(virtualAccounts).set({ expireAt: new Date(Date.now() - 60_000) }).where(eq(virtualAccounts.id, expired.id));
    expect(await validate(expired.accountNumber)).toEqual(rejected('C2B00012'));

    const { bill, account } = await newBill((await newMerchant()).merchant.id, { invoiceAccount: true });
    await db().update(expectedPayments).set({ status: 'CANCELLED' }).where(eq(expectedPayments.id, bill.id));
    expect(await validate(account!.accountNumber)).toEqual(rejected('C2B00012'));
  });

  it('rejects an amount over the single-deposit limit, or not valid for KES, with C2B00013', async () => {
    const { virtualAccount } = await newMerchant();
    await db().update(virtualAccounts).set({ singleDepositLimit: '1000' }).where(eq(virtualAccounts.id, virtualAccount.id));
    expect(await validate(virtualAccount.accountNumber, '1000.00')).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(await validate(virtualAccount.accountNumber, '1000.01')).toEqual(rejected('C2B00013'));
    expect(await validate(virtualAccount.accountNumber, '10.555')).toEqual(rejected('C2B00013'));
    expect(await validate(virtualAccount.accountNumber, '0.00')).toEqual(rejected('C2B00013'));
    expect(await validate(virtualAccount.accountNumber, 'ten')).toEqual(rejected('C2B00013'));
  });

  it('rejects an account that is not in KES with C2B00016: M-Pesa moves only shillings', async () => {
    const { merchant } = await newMerchant();
    const dollars = await db().transaction((tx) =>
      insertVirtualAccount(tx, { merchantId: merchant.id, ownerType: 'MERCHANT', ownerId: merchant.id, purpose: 'CURRENCY', accountName: 'USD', accountType: 'STATIC', currency: 'USD' }),
    );
    expect(await validate(dollars.accountNumber)).toEqual(rejected('C2B00016'));
  });

  it('rejects another paybill\'s payment with C2B00015', async () => {
    const { virtualAccount } = await newMerchant();
    expect(await validate(virtualAccount.accountNumber, '100.00', { BusinessShortCode: '600999' })).toEqual(rejected('C2B00015'));
  });

  it('rejects a body it cannot read with C2B00016, still in Daraja\'s format', async () => {
    const response = await postC2b(api, 'validation', { TransAmount: '100.00', BusinessShortCode: '4123456' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(rejected('C2B00016'));
  });

  it('answers a wrong token exactly as an unknown route, whatever the body', async () => {
    const { virtualAccount } = await newMerchant();
    const wrong = await postC2b(api, 'validation', c2bBody(virtualAccount.accountNumber, '100.00'), 'not-the-secret');
    const unknown = await api.request('POST', '/rails/daraja/c2b/nothing-here', { json: {} });
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('content-type')).toBe('application/problem+json');
    const body = await wrong.json();
    expect(body.code).toBe('not_found');
    expect(body.detail).toBe('No route matches POST /api/v1/rails/daraja/c2b/validation.');
    expect((await unknown.json()).code).toBe('not_found');
    expect((await postC2b(api, 'validation', {}, '')).status).toBe(404);
  });
});
