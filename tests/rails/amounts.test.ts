import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readRailAmount } from '@/lib/money/rail-amount';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { accountOf, bankBody, c2bBody, paymentsWithReference, postBank, postC2b } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });

const held = async (reference: string) => (await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference)))[0];
const FOUR_HUNDRED_DIGITS = '9'.repeat(400);

/** [amount as sent, reason, amount text kept] */
const notMoney: [string | number, string, string][] = [
  ['-1', 'NEGATIVE_AMOUNT', '-1'],
  [-1, 'NEGATIVE_AMOUNT', '-1'],
  ['0', 'ZERO_AMOUNT', '0'],
  [0, 'ZERO_AMOUNT', '0'],
  ['0.001', 'TOO_MANY_DECIMALS', '0.001'],
  ['12.345', 'TOO_MANY_DECIMALS', '12.345'],
  [12.345, 'TOO_MANY_DECIMALS', '12.345'],
  ['1000000000000', 'AMOUNT_TOO_LARGE', '1000000000000'],
  ['999999999999999.99', 'AMOUNT_TOO_LARGE', '999999999999999.99'],
  ['1e20', 'UNREADABLE_AMOUNT', '1e20'],
  [1e20, 'AMOUNT_TOO_LARGE', '100000000000000000000'],
  [FOUR_HUNDRED_DIGITS, 'AMOUNT_TOO_LARGE', FOUR_HUNDRED_DIGITS],
  ['lots', 'UNREADABLE_AMOUNT', 'lots'],
  ['', 'UNREADABLE_AMOUNT', ''],
];

describe('rail amounts that are not money', () => {
  it('reads amounts exactly and names what is wrong with the others', () => {
    expect(readRailAmount('999999999999.99', 'KES')).toEqual({ ok: true, amount: '999999999999.99' });
    expect(readRailAmount('0001500.50', 'KES')).toEqual({ ok: true, amount: '1500.5' });
    expect(readRailAmount('1500.00', 'KES')).toEqual({ ok: true, amount: '1500.00' });
    expect(readRailAmount('12.3400', 'KES')).toEqual({ ok: true, amount: '12.34' });
    expect(readRailAmount(1500.5, 'KES')).toEqual({ ok: true, amount: '1500.5' });
    expect(readRailAmount('12.345', 'KWD')).toEqual({ ok: true, amount: '12.345' });
    expect(readRailAmount('-0', 'KES')).toMatchObject({ ok: false, reason: 'ZERO_AMOUNT' });
    expect(readRailAmount(0.0000001, 'KES')).toMatchObject({ ok: false, reason: 'TOO_MANY_DECIMALS' });
    expect(readRailAmount(Number.NaN, 'KES')).toMatchObject({ ok: false, reason: 'UNREADABLE_AMOUNT' });
    for (const [amount, reason] of notMoney) expect(readRailAmount(amount, 'KES')).toMatchObject({ ok: false, reason });
  });

  it('holds each bank credit whose amount is not money in suspense, never credited, with its text and a reason', async () => {
    const { virtualAccount } = await newMerchant();
    for (const [amount, reason, text] of notMoney) {
      const body = bankBody(virtualAccount.accountNumber, amount);
      const response = await postBank(api, body, SECRET);
      expect([response.status, await response.json()]).toEqual([200, { status: 'suspense' }]);
      expect(await held(body.bankReference)).toMatchObject({ reason, amount: null, amountText: text, rawBody: JSON.stringify(body), detail: expect.any(String) });
      expect(await paymentsWithReference(body.bankReference)).toHaveLength(0);
      expect((await postBank(api, body, SECRET).then((again) => again.json()))).toEqual({ status: 'duplicate' });
    }
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('acknowledges each such C2B confirmation once it is held, and rejects it at validation with C2B00013', async () => {
    const { virtualAccount } = await newMerchant();
    for (const [amount, reason, text] of notMoney) {
      const body = c2bBody(virtualAccount.accountNumber, amount as string);
      const validation = await postC2b(api, 'validation', body);
      expect(await validation.json()).toEqual({ ResultCode: 'C2B00013', ResultDesc: 'Rejected' });
      const confirmation = await postC2b(api, 'confirmation', body);
      expect([confirmation.status, await confirmation.json()]).toEqual([200, { ResultCode: '0', ResultDesc: 'Accepted' }]);
      expect(await held(body.TransID)).toMatchObject({ rail: 'MPESA', reason, amount: null, amountText: text });
      expect(await paymentsWithReference(body.TransID)).toHaveLength(0);
    }
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('holds a confirmation whose TransAmount is missing or not a number or text', async () => {
    const { virtualAccount } = await newMerchant();
    for (const TransAmount of [undefined, null, true, { value: 5 }]) {
      const body = { ...c2bBody(virtualAccount.accountNumber, '1'), TransAmount };
      const response = await postC2b(api, 'confirmation', body);
      expect(response.status).toBe(200);
      expect(await held(body.TransID)).toMatchObject({ reason: 'UNREADABLE_AMOUNT', amount: null, amountText: '' });
    }
  });

  it('credits the largest amount exactly and reads it back digit for digit', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '999999999999.99');
    expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
    expect((await paymentsWithReference(body.bankReference))[0]!.amount).toBe('999999999999.9900');
  });
});
