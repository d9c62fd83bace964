import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { forgetPricing } from '@/lib/pricing/current';
import { merchantPricing } from '@/lib/pricing/schema';
import { createBill, signedInMerchant } from '../payments/support';
import { useTestApi } from '../support/api-server';
import { bankTransfer, storedPayment } from './support';

/** This deployment prices no instant transfer in KES and nothing at all in EUR. */
const api = useTestApi({
  FEE_SCHEDULE: JSON.stringify({
    KES: { MOBILE_MONEY: { percent: '1', fixed: '0', min: '1', max: '200' }, RTGS: { percent: '0', fixed: '100' } },
    EUR: {},
  }),
});

const optionsOf = async (token: string, query: string) => (await api.request('GET', `/merchants/me/payment-options?${query}`, { token })).json();

async function problemOf(response: Response) {
  expect(response.status).toBe(422);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as { code: string; detail: string; reason?: string; errors?: { path: string; message: string }[] };
}

describe('a channel without a fee rule in a currency', () => {
  it('is not offered to payers, in the API and on the payer page, and its copy says so', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const options = await optionsOf(token, `virtualAccountId=${virtualAccount.id}`);
    expect(options.options.map((option: { channel: string }) => option.channel)).toEqual(['MOBILE_MONEY', 'RTGS']);
    expect(options.instantBankCustomerFacingCopy).toBe('Instant bank transfer (PesaLink) is not offered for payments in KES: pay by M-Pesa or RTGS bank transfer instead.');
    const link = await (await api.request('POST', '/merchants/me/payer-links', { token, json: { targetType: 'VIRTUAL_ACCOUNT', targetId: virtualAccount.id } })).json();
    const page = await (await api.request('GET', `/payer-links/${link.token}`)).json();
    expect(page.paymentOptions.options.map((option: { channel: string }) => option.channel)).toEqual(['MOBILE_MONEY', 'RTGS']);
  });

  it('is refused by the validation step with its reason, and nothing is stored', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber: virtualAccount.accountNumber, amount: 500, channel: 'INSTANT_BANK' } });
    expect(await problemOf(response)).toMatchObject({ code: 'payment_rejected', reason: 'CHANNEL_NOT_OFFERED', detail: 'This way of paying is not offered for payments in this currency.' });
    expect(await db().select().from(payments).where(eq(payments.virtualAccountId, virtualAccount.id))).toEqual([]);
    const offered = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber: virtualAccount.accountNumber, amount: 500, channel: 'RTGS' } });
    expect(offered.status).toBe(201);
  });

  it('still credits money a bank confirms on it, without a fee, the rule saying none applied', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const result = await ingestPayment(bankTransfer(virtualAccount.accountNumber, '500', { channel: 'INSTANT_BANK' }), { strict: false });
    if (result.outcome !== 'recorded') throw new Error(JSON.stringify(result));
    expect(await storedPayment(result.payment.id)).toMatchObject({
      amount: '500.0000',
      feeAmount: '0.0000',
      netAmount: '500.0000',
      feeRule: { source: 'NONE', merchantPricingId: null, currency: 'KES', channel: 'INSTANT_BANK' },
    });
    expect(await checkLedger({ merchantId: merchant.id })).toMatchObject({ ok: true });
  });
});

describe('a currency no priced channel carries', () => {
  it('cannot be billed in or given an account, with 422 naming currency, and nothing is stored', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const bill = await api.request('POST', '/merchants/me/expected-payments', {
      token,
      json: { paymentReference: `INV-${randomUUID().slice(0, 8)}`, amount: 10, currency: 'EUR', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect((await problemOf(bill)).errors).toEqual([{ path: 'currency', message: expect.stringContaining('No way of paying is offered in EUR') }]);
    const account = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY', currency: 'EUR' } });
    expect((await problemOf(account)).errors).toEqual([{ path: 'currency', message: expect.stringContaining('No way of paying is offered in EUR') }]);
    expect(await db().select().from(expectedPayments).where(eq(expectedPayments.merchantId, merchant.id))).toEqual([]);
    const held = await db().select({ currency: virtualAccounts.currency }).from(virtualAccounts).where(eq(virtualAccounts.merchantId, merchant.id));
    expect(held.map((row) => row.currency)).toEqual(['KES']);
  });

  it('can be collected by a merchant whose own schedule prices it, and by no other', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    // A version already in force (made earlier through merchant:pricing).
    const [version] = await db()
      .insert(merchantPricing)
      .values({ merchantId: merchant.id, schedule: { EUR: { RTGS: { percent: '0', fixed: '1.5' } } }, effectiveFrom: new Date(Date.now() - 60_000), createdBy: 'test' })
      .returning();
    forgetPricing(merchant.id);

    const bill = await createBill(api, token, { amount: 80, currency: 'EUR' });
    const options = await optionsOf(token, `expectedPaymentId=${bill.id}`);
    expect(options.options.map((option: { channel: string }) => option.channel)).toEqual(['RTGS']);
    const result = await ingestPayment(bankTransfer(bill.virtualAccountNumber!, '80', { currency: 'EUR' }), { strict: false });
    if (result.outcome !== 'recorded') throw new Error(JSON.stringify(result));
    expect(await storedPayment(result.payment.id)).toMatchObject({ feeAmount: '1.5000', feeRule: { source: 'MERCHANT', merchantPricingId: version!.id, currency: 'EUR', channel: 'RTGS' } });

    const refused = await api.request('POST', '/merchants/me/expected-payments', {
      token: other.token,
      json: { paymentReference: `INV-${randomUUID().slice(0, 8)}`, amount: 80, currency: 'EUR', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect((await problemOf(refused)).errors).toEqual([{ path: 'currency', message: expect.stringContaining('No way of paying is offered in EUR') }]);
  });
});
