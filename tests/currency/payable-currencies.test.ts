import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { createMerchant } from '@/lib/merchants/operations';
import { merchants } from '@/lib/merchants/schema';
import { channelCurrencies, channels, channelsCarrying } from '@/lib/money/channels';
import { db } from '@/lib/platform/db';
import { stkInitiations } from '@/lib/stk/schema';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { ACCEPTED_IN_MESSAGE, inDays } from './support';

const api = useTestApi();

const billBody = (overrides: Record<string, unknown> = {}) => ({ paymentReference: `INV-${randomUUID().slice(0, 8)}`, amount: 120, expiresAt: inDays(7), ...overrides });

async function raiseBill(token: string, overrides: Record<string, unknown>) {
  const response = await api.request('POST', '/merchants/me/expected-payments', { token, json: billBody(overrides) });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; currency: string; virtualAccountId: string; virtualAccountNumber: string; paymentReference: string };
}

async function problemOf(response: Response, status = 422) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as { code: string; detail: string; reason?: string; errors?: { path: string; message: string }[] };
}

async function payerPageOf(token: string, targetType: string, targetId: string) {
  const link = await (await api.request('POST', '/merchants/me/payer-links', { token, json: { targetType, targetId } })).json();
  const response = await api.request('GET', `/payer-links/${link.token}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** Which copy field speaks for which channel. */
const COPY_FIELDS: Record<string, string[]> = {
  MOBILE_MONEY: ['mobileMoneyCustomerFacingCopy', 'stkPushCustomerFacingCopy'],
  INSTANT_BANK: ['instantBankCustomerFacingCopy'],
  RTGS: ['rtgsCustomerFacingCopy'],
};

/** The payment options a payer sees for money in this currency follow the channel table exactly. */
function expectOptionsFollowTheTable(options: Record<string, unknown> & { options: { channel: string }[] }, currency: string) {
  const carrying = channelsCarrying(currency);
  expect(options.options.map((option) => option.channel)).toEqual(carrying);
  for (const channel of channels) {
    for (const field of COPY_FIELDS[channel]!) {
      const copy = options[field] as string;
      expect(typeof copy, field).toBe('string');
      if (carrying.includes(channel)) expect(copy, field).not.toMatch(/cannot carry/);
      else expect(copy, field).toMatch(new RegExp(`cannot carry payments in ${currency}: pay by RTGS bank transfer instead\\.$`));
    }
  }
}

describe('currencies a bill may be in', () => {
  it.each(Object.values(channelCurrencies).flat().filter((code, index, all) => all.indexOf(code) === index))(
    'a %s bill offers its payer exactly the channels that carry its currency, in the API and on the payer page',
    async (currency) => {
      const { token } = await signedInMerchant(api);
      const bill = await raiseBill(token, { currency });
      const response = await api.request('GET', `/merchants/me/payment-options?expectedPaymentId=${bill.id}`, { token });
      expect(response.status).toBe(200);
      expectOptionsFollowTheTable(await response.json(), currency);

      const page = await payerPageOf(token, 'EXPECTED_PAYMENT', bill.id);
      expect(page.currency).toBe(currency);
      expect(page.bill.currency).toBe(currency);
      expectOptionsFollowTheTable(page.paymentOptions, currency);
    },
  );

  it('a USD bill is never offered M-Pesa or an instant transfer, and its M-Pesa copy says so instead of giving steps', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await raiseBill(token, { currency: 'USD', amount: 120 });
    const page = await payerPageOf(token, 'EXPECTED_PAYMENT', bill.id);
    expect(page.paymentOptions.options).toEqual([expect.objectContaining({ channel: 'RTGS', accountNumber: bill.virtualAccountNumber })]);
    expect(page.paymentOptions.mobileMoneyCustomerFacingCopy).toBe('M-Pesa cannot carry payments in USD: pay by RTGS bank transfer instead.');
    expect(page.paymentOptions.stkPushCustomerFacingCopy).not.toMatch(/USD 120\.00/);
    expect(page.paymentOptions.rtgsCustomerFacingCopy).toContain('Amount: USD 120.00');
  });

  it.each(['JPY', 'KWD', 'UGX', 'XYZ', 'usd'])('refuses a %s bill with 422 naming currency, and stores nothing', async (currency) => {
    const { token, merchant } = await signedInMerchant(api);
    const problem = await problemOf(await api.request('POST', '/merchants/me/expected-payments', { token, json: billBody({ currency }) }));
    expect(problem.errors).toEqual([{ path: 'currency', message: expect.stringContaining(ACCEPTED_IN_MESSAGE) }]);
    expect(await db().select().from(expectedPayments).where(eq(expectedPayments.merchantId, merchant.id))).toEqual([]);
  });

  it('refuses a foreign-currency bill without its own account, which would be paid into the KES main account', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/expected-payments', { token, json: billBody({ currency: 'USD', provisionInvoiceVa: false }) });
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([{ path: 'currency', message: expect.stringContaining('takes only KES') }]);
    expect(await db().select().from(expectedPayments).where(eq(expectedPayments.merchantId, merchant.id))).toEqual([]);
    // In the main account's own currency it is fine, and M-Pesa is offered with the reference.
    const kes = await raiseBill(token, { currency: 'KES', provisionInvoiceVa: false });
    const options = await (await api.request('GET', `/merchants/me/payment-options?expectedPaymentId=${kes.id}`, { token })).json();
    expect(options.options.map((option: { channel: string }) => option.channel)).toEqual(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']);
  });
});

describe('currencies an account may be in', () => {
  it('provisions a currency account only in a currency some channel carries', async () => {
    const { token, merchant } = await signedInMerchant(api);
    for (const currency of ['JPY', 'KWD']) {
      const problem = await problemOf(await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY', currency } }));
      expect(problem.errors).toEqual([{ path: 'currency', message: expect.stringContaining(ACCEPTED_IN_MESSAGE) }]);
    }
    const euro = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY', currency: 'EUR' } });
    expect(euro.status).toBe(201);
    const account = await euro.json();
    const options = await (await api.request('GET', `/merchants/me/payment-options?virtualAccountId=${account.id}`, { token })).json();
    expectOptionsFollowTheTable(options, 'EUR');
    const page = await payerPageOf(token, 'VIRTUAL_ACCOUNT', account.id);
    expect(page.currency).toBe('EUR');
    expectOptionsFollowTheTable(page.paymentOptions, 'EUR');
    const held = await db().select({ currency: virtualAccounts.currency }).from(virtualAccounts).where(eq(virtualAccounts.merchantId, merchant.id));
    expect(held.map((row) => row.currency).sort()).toEqual(['EUR', 'KES']);
  });

  it('makes no merchant whose default currency no channel carries', async () => {
    const name = `Yen Traders ${randomUUID()}`;
    await expect(createMerchant({ name, email: `${randomUUID()}@example.com`, password: 'correct-horse-battery', currency: 'JPY' })).rejects.toMatchObject({ status: 422 });
    expect(await db().select().from(merchants).where(eq(merchants.name, name))).toEqual([]);
  });
});

describe('phone prompts and the sandbox follow the channel table', () => {
  it('refuses a phone prompt for a USD bill, saying M-Pesa carries only KES, and sends nothing', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const bill = await raiseBill(token, { currency: 'USD' });
    const problem = await problemOf(await api.request('POST', '/merchants/me/stk/initiate', { token, json: { phone: '0712345678', amount: 120, expectedPaymentId: bill.id } }));
    expect(problem).toMatchObject({ code: 'payment_rejected', reason: 'WRONG_CURRENCY' });
    expect(problem.detail).toBe('Phone prompts are M-Pesa payments, which carry only KES, and this bill is in USD: give the payer its payment instructions (RTGS bank transfer) instead.');
    expect(await db().select().from(stkInitiations).where(eq(stkInitiations.merchantId, merchant.id))).toEqual([]);
  });

  it('refuses a simulated payment in a currency its channel does not carry, naming currency', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await raiseBill(token, { currency: 'USD', amount: 50 });
    const simulate = (json: Record<string, unknown>) => api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber: bill.virtualAccountNumber, amount: 50, ...json } });
    for (const [channel, currency] of [['MOBILE_MONEY', 'USD'], ['INSTANT_BANK', 'USD'], ['RTGS', 'JPY']]) {
      const problem = await problemOf(await simulate({ channel, currency }));
      expect(problem.errors, `${channel} ${currency}`).toEqual([{ path: 'currency', message: expect.stringMatching(/carries only/) }]);
    }
    const paid = await simulate({ channel: 'RTGS', currency: 'USD' });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ channel: 'RTGS', currency: 'USD', amount: 50, matchStatus: 'MATCHED' });
  });
});
