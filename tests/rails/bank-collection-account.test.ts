import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectionAccountNumberOf } from '@/lib/accounts/collection-accounts';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { railNotifications } from '@/lib/rails/schema';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { accountOf, bankBody, paymentsWithReference, postBank } from './support';

const SECRET = 'bank-secret-for-collection-account-tests-0123';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });

const heldAs = async (reference: string) => (await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference)))[0];

/** As a bank writes it on a statement at times: groups of digits. */
const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('bank credit notifications name the collection account the bank credited', () => {
  it('credits the virtual account when the named collection account is ours for the currency, however the bank spaces it', async () => {
    const { virtualAccount } = await newMerchant();
    const ours = await collectionAccountNumberOf('KES');
    for (const named of [ours, spaced(ours), ours.replace(/(\d{3})(?=\d)/g, '$1-')]) {
      const body = bankBody(virtualAccount.accountNumber, '1000.00', { collectionAccountNumber: named });
      const answer = await (await postBank(api, body, SECRET)).json();
      expect({ named, answer }).toEqual({ named, answer: { status: 'recorded', paymentId: expect.any(String) } });
    }
    expect((await accountOf(virtualAccount.id)).balance).toBe('3000.0000');
  });

  it("keeps a credit to an account that is not ours in suspense of no merchant, with the reason and the bank's body, and never credits it", async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '2500.00', { collectionAccountNumber: '9988776655' });
    expect(await (await postBank(api, body, SECRET)).json()).toEqual({ status: 'suspense' });
    const held = await heldAs(body.bankReference);
    expect(held).toMatchObject({
      reason: 'FOREIGN_COLLECTION_ACCOUNT',
      detail: 'The bank says it credited an account that is not our collection account for this currency.',
      merchantId: null,
      virtualAccountId: null,
      accountNumber: virtualAccount.accountNumber,
      amount: '2500.0000',
      currency: 'KES',
    });
    expect(JSON.parse(held!.rawBody!)).toEqual(body);
    expect(await paymentsWithReference(body.bankReference)).toEqual([]);
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
    const kept = await db().select().from(railNotifications).where(eq(railNotifications.providerReference, body.bankReference));
    expect(kept.map((row) => row.kind)).toEqual(['BANK_CREDIT']);
    // The bank's retry is the same credit: nothing more is held.
    expect(await (await postBank(api, body, SECRET)).json()).toEqual({ status: 'duplicate' });
    expect(await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, body.bankReference))).toHaveLength(1);
  });

  it('holds a KES credit naming our USD collection account: ours, but not for its currency', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '700.00', { collectionAccountNumber: await collectionAccountNumberOf('USD') });
    expect(await (await postBank(api, body, SECRET)).json()).toEqual({ status: 'suspense' });
    expect(await heldAs(body.bankReference)).toMatchObject({ reason: 'FOREIGN_COLLECTION_ACCOUNT', merchantId: null });
  });

  it('keeps an amount that is not money under its own reason even when the account is foreign (the amount column holds only money)', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '-5', { collectionAccountNumber: '9988776655' });
    expect(await (await postBank(api, body, SECRET)).json()).toEqual({ status: 'suspense' });
    expect(await heldAs(body.bankReference)).toMatchObject({ reason: 'NEGATIVE_AMOUNT', amount: null, amountText: '-5', merchantId: null });
  });

  it('credits a notification without the field, as banks integrated before it send (not checked)', async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '300.00');
    expect('collectionAccountNumber' in body).toBe(false);
    expect((await (await postBank(api, body, SECRET)).json()).status).toBe('recorded');
  });

  it("simulates, in the sandbox, the notification a bank sends: our collection account for the currency and the virtual account under it", async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber: virtualAccount.accountNumber, amount: 4200, channel: 'INSTANT_BANK' } });
    expect(response.status).toBe(201);
    const payment = (await response.json()) as { providerReference: string };
    const [kept] = await db().select().from(railNotifications).where(eq(railNotifications.providerReference, payment.providerReference));
    expect(JSON.parse(kept!.rawBody)).toMatchObject({ collectionAccountNumber: await collectionAccountNumberOf('KES'), accountNumber: virtualAccount.accountNumber });
  });
});
