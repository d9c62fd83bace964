import { describe, expect, it } from 'vitest';
import { ingestPayment } from '@/lib/payments/ingest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant, newUser, signIn } from '../support/fixtures';
import { createBill, mpesa, receipt, signedInMerchant } from './support';

const api = useTestApi();

const paymentKeys = [
  'accountNumber', 'amount', 'attention', 'billReference', 'channel', 'createdAt', 'currency', 'customerId', 'expectedPaymentId', 'feeAmount', 'feeRule', 'id',
  'matchStatus', 'merchantId', 'narration', 'netAmount', 'overpaidAmount', 'payerAccount', 'payerName', 'payerPhone', 'providerReference',
  'receivedAt', 'settlementId', 'status', 'subMerchantId', 'virtualAccountId',
];

async function pay(accountNumber: string, amount: string, extra = {}) {
  const result = await ingestPayment(mpesa(accountNumber, amount, extra), { strict: false });
  if (result.outcome !== 'recorded') throw new Error(result.outcome);
  return result.payment;
}

async function list(token: string, query = '') {
  const response = await api.request('GET', `/merchants/me/payments${query}`, { token });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as Record<string, unknown>[], link: response.headers.get('link') };
}

/** What the summary of these listed payments must say: sums in ten-thousandths, exact. */
function summaryOf(listed: Record<string, unknown>[]) {
  const units = (field: string) => listed.reduce((sum, payment) => sum + Math.round((payment[field] as number) * 10_000), 0);
  return {
    paymentCount: listed.length,
    totalAmount: units('amount') / 10_000,
    currency: 'KES',
    feeAmount: units('feeAmount') / 10_000,
    netAmount: (units('amount') - units('feeAmount')) / 10_000,
  };
}

describe('GET /merchants/me/payments', () => {
  it('lists payments newest first with every field, amounts as numbers', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    await pay(virtualAccount.accountNumber, '100');
    const second = await pay(virtualAccount.accountNumber, '250.75');
    const { body } = await list(token);
    expect(body).toHaveLength(2);
    expect(Object.keys(body[0]!).sort()).toEqual(paymentKeys);
    expect(body[0]).toMatchObject({ id: second.id, amount: 250.75, feeAmount: 2.51, netAmount: 248.24, channel: 'MOBILE_MONEY', matchStatus: 'UNMATCHED' });
  });

  it('finds a payment by receipt, by phone in any form, by bill reference and by payer name', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    const target = await pay(virtualAccount.accountNumber, '420', {
      providerReference: reference,
      payerPhone: '254798765432',
      payerName: 'Mwangi Kariuki',
      billReference: 'SCHOOL-FEES-7',
    });
    await pay(virtualAccount.accountNumber, '10', { payerPhone: '254711111111', payerName: 'Someone Else' });
    for (const q of [reference, reference.toLowerCase(), '254798765432', '0798765432', '5432', 'SCHOOL-FEES-7', 'kariuki']) {
      const { body } = await list(token, `?q=${encodeURIComponent(q)}`);
      expect(body.map((payment) => payment.id), `search "${q}"`).toEqual([target.id]);
    }
  });

  it('filters by channel, amount range, match status, bill and time', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 500 });
    const small = await pay(virtualAccount.accountNumber, '50');
    const large = await pay(virtualAccount.accountNumber, '5000', { rail: 'BANK', channel: 'RTGS' });
    const billed = await pay(bill.virtualAccountNumber!, '500');
    const ids = async (query: string) => (await list(token, query)).body.map((payment) => payment.id);
    expect(await ids('?channel=RTGS')).toEqual([large.id]);
    expect(await ids('?minAmount=100&maxAmount=1000')).toEqual([billed.id]);
    expect(await ids('?matchStatus=MATCHED')).toEqual([billed.id]);
    expect(await ids(`?expectedPaymentId=${bill.id}`)).toEqual([billed.id]);
    expect(await ids(`?to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).toEqual([]);
    expect((await ids(`?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).sort()).toEqual([small.id, large.id, billed.id].sort());
    const bad = await api.request('GET', '/merchants/me/payments?minAmount=lots&channel=PIGEON', { token });
    expect(bad.status).toBe(422);
  });

  it('pages through every payment once, following the Link header', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const made = [];
    for (let index = 0; index < 7; index++) made.push((await pay(virtualAccount.accountNumber, String(index + 1))).id);
    const seen: unknown[] = [];
    let next: string | null = '/merchants/me/payments?limit=3';
    while (next) {
      const response = await api.request('GET', next, { token });
      seen.push(...((await response.json()) as { id: string }[]).map((payment) => payment.id));
      next = response.headers.get('link')?.match(/<\/api\/v1([^>]+)>; rel="next"/)?.[1] ?? null;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(made));
  });
});

describe('GET /merchants/me/payments/summary', () => {
  it('equals the count and exact sums (gross, fees, net) of the listed payments, for any filter', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    for (const amount of ['0.10', '0.20', '1999.99', '0.01', '300']) await pay(virtualAccount.accountNumber, amount);
    await pay(virtualAccount.accountNumber, '700', { rail: 'BANK', channel: 'INSTANT_BANK' });
    const startOfToday = new Date(Math.floor((Date.now() + 3 * 3_600_000) / 86_400_000) * 86_400_000 - 3 * 3_600_000).toISOString();
    for (const query of ['', '?channel=MOBILE_MONEY', '?minAmount=0.15', `?from=${encodeURIComponent(startOfToday)}`, '?q=254712345678']) {
      const listed = (await list(token, `${query ? query + '&' : '?'}limit=200`)).body;
      const summary = await (await api.request('GET', `/merchants/me/payments/summary${query}`, { token })).json();
      expect(summary, `summary ${query}`).toEqual(summaryOf(listed));
    }
    const all = await (await api.request('GET', '/merchants/me/payments/summary', { token })).json();
    expect(all.totalAmount).toBe(3000.3);
  });

  it('adds whole days and hours from the totals and the rest from the payments, for ranges cut anywhere', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    // Nairobi midnight starting 1 March 2026 is 21:00 UTC the day before.
    const march1 = Date.parse('2026-02-28T21:00:00.000Z');
    const hours = [0, 1.5, 9.99, 10, 10.25, 10.75, 11.5, 12, 23.99, 24, 30, 47.5, 48, 60, 71.9, 72, 80];
    for (const [index, hour] of hours.entries()) {
      await pay(virtualAccount.accountNumber, `${index + 1}.0${index % 10}`, { receivedAt: new Date(march1 + hour * 3_600_000) });
    }
    const at = (hour: number) => encodeURIComponent(new Date(march1 + hour * 3_600_000).toISOString());
    const ranges = [
      `?from=${at(1)}&to=${at(60)}`, // partial day, a whole day, partial day
      `?from=${at(0)}&to=${at(48)}`, // whole days only
      `?from=${at(10)}&to=${at(20)}`, // inside one day
      `?from=${at(23)}&to=${at(25)}`, // across one midnight, no whole day
      `?from=${at(30)}`, // open end
      `?to=${at(47.5)}`, // open start
      `?from=${at(1.5)}&to=${at(72)}&channel=MOBILE_MONEY`,
      `?from=${at(9.5)}&to=${at(12.1)}`, // sub-hour edges around whole hours, inside one day
      `?from=${at(10.1)}&to=${at(10.8)}`, // inside one hour
      `?from=${at(10)}&to=${at(12)}`, // whole hours only
      `?from=${at(9.75)}&to=${at(30.5)}`, // hours and edges on both sides of a whole day
      `?from=${at(10.5)}&to=${at(10.5)}`, // empty
      `?from=${at(11)}&to=${at(10)}`, // backwards: empty
    ];
    for (const query of ranges) {
      const listed = (await list(token, `${query}&limit=200`)).body;
      const summary = await (await api.request('GET', `/merchants/me/payments/summary${query}`, { token })).json();
      expect(summary, `summary ${decodeURIComponent(query)}`).toEqual(summaryOf(listed));
    }
  });
});

describe('GET /merchants/me/payments/summary across accounts and sub-merchants', () => {
  const summaryEqualsList = async (token: string, query: string) => {
    const listed = (await list(token, `${query}&limit=200`)).body;
    const summary = await (await api.request('GET', `/merchants/me/payments/summary${query}`, { token })).json();
    expect(summary, `summary ${decodeURIComponent(query)}`).toEqual(summaryOf(listed));
    return listed.length;
  };

  it("sums a merchant's accounts, one account, one sub-merchant and a scoped user's view exactly", async () => {
    const { token, virtualAccount, merchant } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const provision = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND', subMerchantId: branch.id } });
    expect(provision.status).toBe(201);
    const branchAccount = (await provision.json()) as { id: string; accountNumber: string };
    const days = Date.parse('2026-04-01T06:00:00.000Z');
    for (let index = 0; index < 6; index++) {
      const receivedAt = new Date(days + index * 20 * 3_600_000);
      await pay(virtualAccount.accountNumber, `${100 + index}.25`, { receivedAt });
      await pay(branchAccount.accountNumber, `${10 + index}.50`, { receivedAt, rail: 'BANK', channel: 'RTGS' });
    }
    const from = encodeURIComponent('2026-04-01T12:00:00.000Z');
    const to = encodeURIComponent('2026-04-05T12:00:00.000Z');
    expect(await summaryEqualsList(token, `?from=${from}&to=${to}`)).toBe(10);
    expect(await summaryEqualsList(token, `?from=${from}&to=${to}&virtualAccountId=${branchAccount.id}`)).toBe(5);
    expect(await summaryEqualsList(token, `?from=${from}&to=${to}&subMerchantId=${branch.id}`)).toBe(5);
    expect(await summaryEqualsList(token, `?from=${from}&to=${to}&channel=MOBILE_MONEY`)).toBe(5);

    const scoped = await newUser(merchant.id, 'PLAIN_MERCHANT', branch.id);
    const { accessToken } = await signIn(api, scoped.user.email, scoped.password);
    expect(await summaryEqualsList(accessToken, `?from=${from}&to=${to}`)).toBe(5);
    expect(await summaryEqualsList(accessToken, `?from=${from}&to=${to}&virtualAccountId=${virtualAccount.id}`)).toBe(0);
  });
});

describe('GET /merchants/me/payments/{id}', () => {
  it('answers one payment, and 404 for another merchant\'s', async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    const payment = await pay(theirs.virtualAccount.accountNumber, '10');
    expect((await api.request('GET', `/merchants/me/payments/${payment.id}`, { token: theirs.token })).status).toBe(200);
    expect((await api.request('GET', `/merchants/me/payments/${payment.id}`, { token: mine.token })).status).toBe(404);
    expect((await list(mine.token, `?q=${payment.providerReference}`)).body).toEqual([]);
    const summary = await (await api.request('GET', '/merchants/me/payments/summary', { token: mine.token })).json();
    expect(summary.paymentCount).toBe(0);
  });

  it('lets a SUPPORT user find a payment by its receipt', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(virtualAccount.accountNumber, '10');
    const support = await newUser(merchant.id, 'SUPPORT');
    const { accessToken } = await signIn(api, support.user.email, support.password);
    const { body } = await list(accessToken, `?q=${payment.providerReference}`);
    expect(body.map((row) => row.id)).toEqual([payment.id]);
  });
});
