import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { bankBody, paymentsWithReference, postBank } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });

const held = (reference: string) => db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference));

/** A signed notification is money the bank says arrived: kept, whatever its optional fields hold. */
describe('a signed bank credit with fields out of the documented shape', () => {
  it('credits the account with the optional text cut where it is stored: a 600-character narration, a 100 KB payer name and account', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '150.00', { narration: 'n'.repeat(600), payerName: 'K'.repeat(100_000), payerAccount: '9'.repeat(100_000) });
    const response = await postBank(api, body, SECRET);
    expect((await response.json()).status).toBe('recorded');
    const [payment] = await paymentsWithReference(body.bankReference);
    expect([payment!.narration!.length, payment!.payerName!.length, payment!.payerAccount!.length]).toEqual([500, 200, 200]);
    expect(payment!.amount).toBe('150.0000');
  });

  it('reads a numeric payer name as its text and an object narration as none, and still credits', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '20', { payerName: 123456, narration: { text: 'INV-1' } });
    expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
    const [payment] = await paymentsWithReference(body.bankReference);
    expect([payment!.payerName, payment!.narration]).toEqual(['123456', null]);
  });

  it('takes currency written "kes" as KES', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '30.50', { currency: 'kes', channel: 'rtgs' });
    expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
    const [payment] = await paymentsWithReference(body.bankReference);
    expect([payment!.currency, payment!.channel]).toEqual(['KES', 'RTGS']);
  });

  it('takes a credit without a channel, or with one it does not know, as an instant transfer when in KES', async () => {
    const { virtualAccount } = await newMerchant();
    for (const channel of [undefined, 'SWIFT', 42]) {
      const body = bankBody(virtualAccount.accountNumber, '60', { channel });
      expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
      expect((await paymentsWithReference(body.bankReference))[0]!.channel).toBe('INSTANT_BANK');
    }
  });

  it('dates a credit without transactionTime at its arrival', async () => {
    const { virtualAccount } = await newMerchant();
    const { transactionTime: _dropped, ...body } = bankBody(virtualAccount.accountNumber, '40');
    const before = Date.now();
    expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
    const [payment] = await paymentsWithReference(body.bankReference);
    expect(payment!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(payment!.receivedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('holds a credit whose account, amount or currency is unusable in suspense with the raw body and a reason, once', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ accountNumber: 'A'.repeat(100_000) }, 'UNKNOWN_ACCOUNT'],
      [{ accountNumber: { number: '1000000018' } }, 'UNKNOWN_ACCOUNT'],
      [{ amount: { value: 10 } }, 'UNREADABLE_AMOUNT'],
      [{ amount: undefined }, 'UNREADABLE_AMOUNT'],
      [{ currency: undefined }, 'WRONG_CURRENCY'],
      [{ currency: 'shillings' }, 'WRONG_CURRENCY'],
    ];
    const { virtualAccount } = await newMerchant();
    for (const [fields, reason] of cases) {
      const body = { ...bankBody(virtualAccount.accountNumber, '10'), ...fields };
      for (let copy = 0; copy < 2; copy++) {
        const response = await postBank(api, body, SECRET);
        expect(await response.json(), JSON.stringify(fields).slice(0, 80)).toEqual({ status: copy === 0 ? 'suspense' : 'duplicate' });
      }
      const rows = await held(body.bankReference);
      expect(rows.map((row) => row.reason)).toEqual([reason]);
      expect(rows[0]!.rawBody).toBe(JSON.stringify(body));
      expect(await paymentsWithReference(body.bankReference)).toEqual([]);
    }
  });

  it('keeps a missing currency as XXX, ISO 4217\'s "no currency", which no account takes', async () => {
    const { virtualAccount } = await newMerchant();
    const { currency: _dropped, ...body } = bankBody(virtualAccount.accountNumber, '10');
    await postBank(api, body, SECRET);
    expect((await held(body.bankReference)).map((row) => [row.currency, row.virtualAccountId])).toEqual([['XXX', virtualAccount.id]]);
  });
});
