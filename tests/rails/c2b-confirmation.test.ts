import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { expectedPayments } from '@/lib/bills/schema';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { readSharedSetting } from '@/lib/platform/shared-state/store';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { accountOf, c2bBody, entriesOf, paymentsWithReference, postC2b } from './support';

const api = useTestApi();
const ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };

async function confirm(body: unknown) {
  const response = await postC2b(api, 'confirmation', body);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(ACCEPTED);
}

const billStatus = async (id: string) => (await db().select().from(expectedPayments).where(eq(expectedPayments.id, id)))[0]!.status;

describe('M-Pesa paybill confirmation (Daraja C2B)', () => {
  it('records the payment with its fee, ledger entries and payer, dated from TransTime in Nairobi time', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '1500.00', { TransTime: '20261121130253' });
    await confirm(body);

    const [payment] = await paymentsWithReference(body.TransID);
    expect(payment).toMatchObject({
      rail: 'MPESA',
      channel: 'MOBILE_MONEY',
      virtualAccountId: virtualAccount.id,
      amount: '1500.0000',
      feeAmount: '15.0000',
      netAmount: '1485.0000',
      payerName: 'Achieng Otieno',
      payerPhone: '254712345678',
      billReference: virtualAccount.accountNumber,
      matchStatus: 'UNMATCHED',
    });
    expect(payment!.receivedAt.toISOString()).toBe('2026-11-21T10:02:53.000Z');
    const account = await accountOf(virtualAccount.id);
    expect([account.balance, account.feeBalance]).toEqual(['1500.0000', '15.0000']);
    const entries = await entriesOf(payment!.id);
    expect(entries.map((entry) => [entry.type, entry.amount]).sort()).toEqual([['CREDIT', '1500.0000'], ['FEE', '15.0000']]);
  });

  it('keeps a masked or hashed MSISDN exactly as Daraja sent it', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '100.00', { MSISDN: '2547 ***** 678' });
    await confirm(body);
    expect((await paymentsWithReference(body.TransID))[0]!.payerPhone).toBe('2547 ***** 678');
  });

  it('pays a bill through its invoice account: part payment, then the rest', async () => {
    const { merchant } = await newMerchant();
    const { bill, account } = await newBill(merchant.id, { invoiceAccount: true, amount: '1000' });
    await confirm(c2bBody(account!.accountNumber, '400.00'));
    expect(await billStatus(bill.id)).toBe('PARTIALLY_PAID');
    await confirm(c2bBody(account!.accountNumber, '600.00'));
    expect(await billStatus(bill.id)).toBe('PAID');
  });

  it('pays a bill whose reference the payer typed after the account number', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const { bill } = await newBill(merchant.id, { amount: '750' });
    const body = c2bBody(`${virtualAccount.accountNumber}#${bill.paymentReference}`, '750.00');
    await confirm(body);
    expect(await billStatus(bill.id)).toBe('PAID');
    expect((await paymentsWithReference(body.TransID))[0]).toMatchObject({ virtualAccountId: virtualAccount.id, expectedPaymentId: bill.id, matchStatus: 'MATCHED' });
  });

  it('a second identical confirmation is acknowledged and credits nothing more', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '500.00');
    await confirm(body);
    await confirm(body);
    expect(await paymentsWithReference(body.TransID)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('500.0000');
  });

  it('ten identical confirmations at once record one payment, and all ten are acknowledged', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '250.50');
    const responses = await Promise.all(Array.from({ length: 10 }, () => postC2b(api, 'confirmation', body)));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(ACCEPTED);
    }
    expect(await paymentsWithReference(body.TransID)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('250.5000');
  });

  it('keeps money for an unknown account in suspense, whole, and still acknowledges it', async () => {
    const body = c2bBody(withCheckDigit('999999997'), '320.00');
    await confirm(body);
    await confirm(body);
    expect(await paymentsWithReference(body.TransID)).toHaveLength(0);
    const held = await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, body.TransID));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ rail: 'MPESA', amount: '320.0000', currency: 'KES', reason: 'UNKNOWN_ACCOUNT' });
    expect(held[0]!.payload).toMatchObject({ accountReference: body.BillRefNumber, payerPhone: '254712345678', amountText: '320.00' });
    expect(JSON.parse(held[0]!.rawBody!)).toEqual(body);
  });

  it('records nothing for a wrong token', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '100.00');
    const response = await postC2b(api, 'confirmation', body, `${await mpesaCallbackSecret()}x`);
    expect(response.status).toBe(404);
    expect(await paymentsWithReference(body.TransID)).toHaveLength(0);
  });

  it('generates the callback secret once into the database that every instance reads, not the data folder', async () => {
    const secret = await mpesaCallbackSecret();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await readSharedSetting('mpesa-callback-secret'))?.value).toBe(secret);
    await expect(stat(path.join(inject('testDataDir'), 'mpesa-callback-secret'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await mpesaCallbackSecret()).toBe(secret);
  });
});
