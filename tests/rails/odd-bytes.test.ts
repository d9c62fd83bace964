import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { accountOf, bankBody, c2bBody, paymentsWithReference, postBank, postC2b } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });
const ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };

const held = (reference: string) => db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference));

async function confirmed(body: unknown) {
  const response = await postC2b(api, 'confirmation', body);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(ACCEPTED);
}

describe('rails keep payments whatever the bytes, dates and shapes', () => {
  it('records a confirmation whose FirstName holds NUL, once however often it is sent', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '150.00', { FirstName: 'A\u0000B' });
    await confirmed(body);
    await confirmed(body);
    const stored = await paymentsWithReference(body.TransID);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.payerName).toBe('AB Otieno');
    expect((await accountOf(virtualAccount.id)).balance).toBe('150.0000');
  });

  it('cleans control characters and lone surrogates out of every text field of a confirmation', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '10', { FirstName: '\ud800X\u0001', MiddleName: '\u0000', LastName: 'Y\udfff', MSISDN: '2547\u00001' });
    await confirmed(body);
    expect((await paymentsWithReference(body.TransID))[0]).toMatchObject({ payerName: '\ufffdX\ufffd Y\ufffd', payerPhone: '25471' });
  });

  it('keeps a TransID holding NUL apart from the same TransID without it, each exactly once', async () => {
    const { virtualAccount } = await newMerchant();
    const plain = `S${randomBytes(4).toString('hex').toUpperCase()}`;
    const odd = c2bBody(virtualAccount.accountNumber, '10', { TransID: `${plain.slice(0, 4)}\u0000${plain.slice(4)}` });
    const clean = c2bBody(virtualAccount.accountNumber, '20', { TransID: plain });
    await Promise.all([confirmed(odd), confirmed(odd), confirmed(clean), confirmed(odd)]);
    expect(await paymentsWithReference(`${plain.slice(0, 4)}\\u0000${plain.slice(4)}`)).toHaveLength(1);
    expect(await paymentsWithReference(plain)).toHaveLength(1);
    expect((await accountOf(virtualAccount.id)).balance).toBe('30.0000');
  });

  it('answers C2B validation with NUL in any field in Daraja\'s format', async () => {
    const { virtualAccount } = await newMerchant();
    const fine = await postC2b(api, 'validation', c2bBody(virtualAccount.accountNumber, '10', { FirstName: 'A\u0000B', TransID: 'X\u0000Y' }));
    expect([fine.status, await fine.json()]).toEqual([200, ACCEPTED]);
    const unknown = await postC2b(api, 'validation', c2bBody(`${virtualAccount.accountNumber}\u0001`, '10'));
    expect([unknown.status, await unknown.json()]).toEqual([200, { ResultCode: 'C2B00012', ResultDesc: 'Rejected' }]);
  });

  it('records a bank credit whose payerName and narration hold NUL', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '75', { payerName: 'Kamau\u0000 Ltd', narration: `${virtualAccount.accountNumber}\u0000` });
    const response = await postBank(api, body, SECRET);
    expect([response.status, (await response.json()).status]).toEqual([200, 'recorded']);
    expect((await paymentsWithReference(body.bankReference))[0]).toMatchObject({ payerName: 'Kamau Ltd', amount: '75.0000' });
  });

  it('dates a bank credit from year 0000, 30 February or the far future at its arrival', async () => {
    const { virtualAccount } = await newMerchant();
    for (const transactionTime of ['0000-01-01T00:00:00Z', '2026-02-30T10:00:00Z', '9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z', 'yesterday', '2026-13-01T00:00:00Z']) {
      const before = Date.now();
      const body = bankBody(virtualAccount.accountNumber, '5', { transactionTime });
      const response = await postBank(api, body, SECRET);
      expect([response.status, (await response.json()).status]).toEqual([200, 'recorded']);
      const receivedAt = (await paymentsWithReference(body.bankReference))[0]!.receivedAt.getTime();
      expect(receivedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(receivedAt).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('dates a confirmation whose TransTime is in year 9999 or not a date at its arrival', async () => {
    const { virtualAccount } = await newMerchant();
    for (const TransTime of ['99991231235959', '00000101000000', '20260230100000', 'yesterday']) {
      const body = c2bBody(virtualAccount.accountNumber, '5', { TransTime });
      await confirmed(body);
      expect(Math.abs((await paymentsWithReference(body.TransID))[0]!.receivedAt.getTime() - Date.now())).toBeLessThan(5000);
    }
  });

  it('keeps a confirmation for an unknown account carrying a field nested 10,000 levels deep, with its raw body', async () => {
    const body = c2bBody(withCheckDigit('999999995'), '42.00');
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const raw = `${JSON.stringify(body).slice(0, -1)},"Extra":${deep}}`;
    const secret = encodeURIComponent(await mpesaCallbackSecret());
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await api.request('POST', `/rails/daraja/c2b/confirmation?token=${secret}`, { body: raw, headers: { 'content-type': 'application/json' } });
      expect([response.status, await response.json()]).toEqual([200, ACCEPTED]);
    }
    const rows = await held(body.TransID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'UNKNOWN_ACCOUNT', amount: '42.0000', amountText: '42.00' });
    expect(rows[0]!.rawBody === raw).toBe(true);
  });

  it('keeps a bank credit for an unknown account with NUL in its fields in suspense, raw body and all', async () => {
    const body = bankBody(withCheckDigit('999999994'), '99', { payerName: '\u0000', narration: 'x\u0000y' });
    const response = await postBank(api, body, SECRET);
    expect(await response.json()).toEqual({ status: 'suspense' });
    const rows = await held(body.bankReference);
    expect(rows[0]).toMatchObject({ reason: 'UNKNOWN_ACCOUNT', amount: '99.0000', rawBody: JSON.stringify(body) });
    // A name that is nothing once NUL is dropped is no name.
    expect(rows[0]!.payload).toMatchObject({ payerName: null, narration: 'xy' });
  });

  it('keeps an STK callback success for an unknown CheckoutRequestID holding NUL in suspense', async () => {
    const receipt = `T${randomBytes(4).toString('hex').toUpperCase()}`;
    const callback = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'm\u0000',
          CheckoutRequestID: 'ws_CO_\u0000_1',
          ResultCode: 0,
          ResultDesc: 'ok\u0000',
          CallbackMetadata: { Item: [{ Name: 'Amount', Value: 10 }, { Name: 'MpesaReceiptNumber', Value: receipt }, { Name: 'PhoneNumber', Value: '2547\u0000' }] },
        },
      },
    };
    const response = await api.request('POST', `/rails/daraja/stk/callback?token=${encodeURIComponent(await mpesaCallbackSecret())}`, { json: callback });
    expect([response.status, await response.json()]).toEqual([200, { ResultCode: 0, ResultDesc: 'Accepted' }]);
    expect(await held(receipt)).toEqual([expect.objectContaining({ reason: 'UNKNOWN_ACCOUNT', amount: '10.0000', rawBody: JSON.stringify(callback) })]);
  });
});
