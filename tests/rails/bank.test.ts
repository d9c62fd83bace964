import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { expectedPayments } from '@/lib/bills/schema';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { bankSignature } from '@/lib/rails/bank-signature';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { accountOf, bankBody, paymentsWithReference, postBank } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });

describe('bank credit notifications', () => {
  it('records a signed instant transfer with its flat fee, and answers recorded with the payment id', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '2500.75');
    const response = await postBank(api, body, SECRET);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toEqual({ status: 'recorded', paymentId: expect.any(String) });
    const [payment] = await paymentsWithReference(body.bankReference);
    expect(payment).toMatchObject({
      id: answer.paymentId,
      rail: 'BANK',
      channel: 'INSTANT_BANK',
      amount: '2500.7500',
      feeAmount: '25.0000',
      payerName: 'Kamau Holdings Ltd',
      payerAccount: '0123456789012',
    });
    expect((await accountOf(virtualAccount.id)).balance).toBe('2500.7500');
  });

  it('takes the amount as a JSON number too, and charges RTGS its own fee', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, 150000, { channel: 'RTGS' });
    expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
    expect((await paymentsWithReference(body.bankReference))[0]).toMatchObject({ channel: 'RTGS', amount: '150000.0000', feeAmount: '100.0000' });
  });

  it('settles the bill whose reference the narration carries after the account number', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const { bill } = await newBill(merchant.id, { amount: '900' });
    const body = bankBody(virtualAccount.accountNumber, '900', { channel: 'RTGS', narration: `${virtualAccount.accountNumber} ${bill.paymentReference}` });
    await postBank(api, body, SECRET);
    const [stored] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id));
    expect(stored!.status).toBe('PAID');
    expect((await paymentsWithReference(body.bankReference))[0]).toMatchObject({ expectedPaymentId: bill.id, matchStatus: 'MATCHED', billReference: bill.paymentReference });
  });

  it('answers a repeated notification as a duplicate of the same payment, crediting once', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '100');
    const first = await (await postBank(api, body, SECRET)).json();
    const second = await (await postBank(api, body, SECRET)).json();
    expect(second).toEqual({ status: 'duplicate', paymentId: first.paymentId });
    expect((await accountOf(virtualAccount.id)).balance).toBe('100.0000');
  });

  it('holds money for an unknown account in suspense, and calls its repeat a duplicate', async () => {
    const body = bankBody(withCheckDigit('999999996'), '640');
    expect(await (await postBank(api, body, SECRET)).json()).toEqual({ status: 'suspense' });
    expect(await (await postBank(api, body, SECRET)).json()).toEqual({ status: 'duplicate' });
    const held = await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, body.bankReference));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ rail: 'BANK', reason: 'UNKNOWN_ACCOUNT', amount: '640.0000' });
  });

  it('refuses a body changed after signing, a wrong secret, a stale timestamp and a missing header with 401', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '100');
    const raw = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const tampered = `t=${now},v1=${bankSignature(SECRET, String(now), raw.replace('"100"', '"100000"'))}`;

    const attempts = [
      await postBank(api, body, SECRET, { header: tampered }),
      await postBank(api, body, 'some-other-secret-0123456789abcdef'),
      await postBank(api, body, SECRET, { at: now - 6 * 60 }),
      await postBank(api, body, SECRET, { at: now + 6 * 60 }),
      await postBank(api, body, SECRET, { header: '' }),
      await postBank(api, body, SECRET, { header: `t=${now}` }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect((await response.json()).code).toBe('invalid_signature');
    }
    expect(await paymentsWithReference(body.bankReference)).toHaveLength(0);
    // Within five minutes is fine.
    expect((await postBank(api, body, SECRET, { at: now - 4 * 60 })).status).toBe(200);
  });

  it('checks the signature before the body: an unsigned bad body is 401, a signed one is kept in suspense', async () => {
    const bad = { bankReference: `FT${Date.now()}`, accountNumber: '', amount: true, currency: 'kes', channel: 'SWIFT', transactionTime: 'yesterday' };
    expect((await postBank(api, bad, 'wrong-secret-0123456789abcdef0123')).status).toBe(401);
    const response = await postBank(api, bad, SECRET);
    expect([response.status, await response.json()]).toEqual([200, { status: 'suspense' }]);
  });

  it('refuses a signed notification without a bank reference with 422 naming it: nothing else identifies the credit', async () => {
    for (const bankReference of [undefined, '', '  ', { id: 1 }, 'R'.repeat(201)]) {
      const response = await postBank(api, { ...bankBody('1000000018', '10'), bankReference }, SECRET);
      expect(response.status).toBe(422);
      const problem = await response.json();
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((error: { path: string }) => error.path)).toEqual(['bankReference']);
    }
  });
});
