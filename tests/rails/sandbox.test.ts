import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { rejectionReasons } from '@/lib/payments/inbound';
import { db } from '@/lib/platform/db';
import { expectExactKeys, newBill, signedInMerchant, signedInUser } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { accountOf, receipt } from './support';

const api = useTestApi();
const PATH = '/merchants/me/sandbox/inbound-payments';

const PAYMENT_KEYS = [
  'id', 'merchantId', 'subMerchantId', 'virtualAccountId', 'accountNumber', 'customerId', 'expectedPaymentId', 'channel', 'amount',
  'feeAmount', 'netAmount', 'overpaidAmount', 'currency', 'payerName', 'payerPhone', 'payerAccount', 'providerReference',
  'billReference', 'narration', 'matchStatus', 'attention', 'status', 'receivedAt', 'createdAt', 'settlementId', 'feeRule',
];

const simulate = (token: string, json: Record<string, unknown>) => api.request('POST', PATH, { token, json });

describe('POST /merchants/me/sandbox/inbound-payments', () => {
  it('runs an M-Pesa paybill payment through the rail and answers 201 with the payment', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const response = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 1500, channel: 'MOBILE_MONEY', payerPhone: '254711223344', payerName: 'Achieng Otieno' });
    expect(response.status).toBe(201);
    const payment = await response.json();
    expectExactKeys(payment, PAYMENT_KEYS);
    expect(payment).toMatchObject({ accountNumber: virtualAccount.accountNumber, channel: 'MOBILE_MONEY', amount: 1500, feeAmount: 15, currency: 'KES', payerPhone: '254711223344', payerName: 'Achieng Otieno' });
    expect(payment.providerReference).toMatch(/^[A-Z][A-Z0-9]{9}$/);
    expect((await accountOf(virtualAccount.id)).balance).toBe('1500.0000');
  });

  it('answers 200 with the first payment when the providerReference was seen before', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const body = { accountNumber: virtualAccount.accountNumber, amount: 200, channel: 'MOBILE_MONEY', providerReference: receipt() };
    const first = await simulate(token, body);
    const again = await simulate(token, body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect((await accountOf(virtualAccount.id)).balance).toBe('200.0000');
  });

  it('answers 422 payment_rejected with the rail\'s reason when validation refuses', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    await db().update(virtualAccounts).set({ singleDepositLimit: '1000' }).where(eq(virtualAccounts.id, virtualAccount.id));
    for (const channel of ['MOBILE_MONEY', 'INSTANT_BANK']) {
      const response = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 5000, channel });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'payment_rejected', reason: 'OVER_LIMIT', detail: rejectionReasons.OVER_LIMIT });
    }
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });

  it('sees only the caller\'s accounts: another merchant\'s account number is unknown', async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    const response = await simulate(mine.token, { accountNumber: theirs.virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ reason: 'UNKNOWN_ACCOUNT', detail: rejectionReasons.UNKNOWN_ACCOUNT });
    expect((await accountOf(theirs.virtualAccount.id)).balance).toBe('0.0000');
  });

  it('does not replay another merchant\'s payment for a reused providerReference', async () => {
    const first = await signedInMerchant(api);
    const second = await signedInMerchant(api);
    const providerReference = receipt();
    expect((await simulate(first.token, { accountNumber: first.virtualAccount.accountNumber, amount: 10, channel: 'MOBILE_MONEY', providerReference })).status).toBe(201);
    const reused = await simulate(second.token, { accountNumber: second.virtualAccount.accountNumber, amount: 10, channel: 'MOBILE_MONEY', providerReference });
    expect(reused.status).toBe(409);
    expect(JSON.stringify(await reused.json())).not.toContain(first.virtualAccount.accountNumber);
  });

  it('runs bank transfers through the bank path: a bank reference, the channel\'s fee, and the bill in the narration', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { amount: '5000' });
    const response = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 5000, channel: 'RTGS', billReference: bill.paymentReference });
    expect(response.status).toBe(201);
    const payment = await response.json();
    expect(payment).toMatchObject({ channel: 'RTGS', feeAmount: 100, expectedPaymentId: bill.id, matchStatus: 'MATCHED', narration: bill.paymentReference });
    expect(payment.providerReference).toMatch(/^FT[A-Z0-9]{12}$/);
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id)))[0]!.status).toBe('PAID');
  });

  it('pays a bill beside an account number over M-Pesa too', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { amount: '300' });
    const response = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY', billReference: bill.paymentReference });
    expect(await response.json()).toMatchObject({ expectedPaymentId: bill.id, matchStatus: 'PARTIAL' });
  });

  it('refuses a currency M-Pesa cannot move, and decimals KES does not have', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const usd = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 10, channel: 'MOBILE_MONEY', currency: 'USD' });
    expect(usd.status).toBe(422);
    expect((await usd.json()).code).toBe('validation_failed');
    const wrongCurrency = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 10, channel: 'RTGS', currency: 'USD' });
    expect(await wrongCurrency.json()).toMatchObject({ code: 'payment_rejected', reason: 'WRONG_CURRENCY' });
    const decimals = await simulate(token, { accountNumber: virtualAccount.accountNumber, amount: 10.555, channel: 'MOBILE_MONEY' });
    expect(await decimals.json()).toMatchObject({ code: 'payment_rejected', reason: 'INVALID_AMOUNT' });
  });

  it('keeps a sub-merchant\'s user to its own accounts, and support users read-only', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const scoped = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', branch.id);
    const response = await simulate(scoped, { accountNumber: virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY' });
    expect(await response.json()).toMatchObject({ reason: 'UNKNOWN_ACCOUNT' });
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect((await simulate(support, { accountNumber: virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY' })).status).toBe(403);
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });
});
