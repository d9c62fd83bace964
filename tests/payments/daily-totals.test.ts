import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant, newUser, signIn } from '../support/fixtures';
import { createBill, mpesa, signedInMerchant } from './support';

const api = useTestApi();

interface Day {
  day: string;
  currency: string;
  paymentCount: number;
  totalAmount: number;
  feeAmount: number;
  netAmount: number;
}

async function pay(accountNumber: string, amount: string, extra = {}) {
  const result = await ingestPayment(mpesa(accountNumber, amount, extra), { strict: false });
  if (result.outcome !== 'recorded') throw new Error(result.outcome);
  return result.payment;
}

async function days(token: string, query: string): Promise<Day[]> {
  const response = await api.request('GET', `/merchants/me/payments/daily-totals${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Day[];
}

/** The Nairobi day of an instant: UTC+3 all year. */
const nairobiDay = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** The days as the list's payments say they should be, summed in ten-thousandths (exact). */
async function expectedFromList(token: string, from: string, to: string, query = ''): Promise<Map<string, Omit<Day, 'day' | 'currency'>>> {
  const start = new Date(Date.parse(`${from}T00:00:00.000Z`) - 3 * 3_600_000).toISOString();
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + 21 * 3_600_000).toISOString();
  const response = await api.request('GET', `/merchants/me/payments?from=${encodeURIComponent(start)}&to=${encodeURIComponent(end)}&limit=200${query}`, { token });
  const listed = (await response.json()) as { receivedAt: string; amount: number; feeAmount: number }[];
  const sums = new Map<string, { count: number; amount: number; fee: number }>();
  for (const payment of listed) {
    const day = nairobiDay(new Date(payment.receivedAt));
    const sum = sums.get(day) ?? { count: 0, amount: 0, fee: 0 };
    sums.set(day, { count: sum.count + 1, amount: sum.amount + Math.round(payment.amount * 10_000), fee: sum.fee + Math.round(payment.feeAmount * 10_000) });
  }
  return new Map(
    [...sums].map(([day, sum]) => [
      day,
      { paymentCount: sum.count, totalAmount: sum.amount / 10_000, feeAmount: sum.fee / 10_000, netAmount: (sum.amount - sum.fee) / 10_000 },
    ]),
  );
}

const zero = { paymentCount: 0, totalAmount: 0, feeAmount: 0, netAmount: 0 };

describe('GET /merchants/me/payments/daily-totals', () => {
  it('answers every Nairobi day of the range once, empty days as zeros, with exact gross, fee and net', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    // 20:59:59.999 UTC is still 1 March in Nairobi; 21:00 UTC is 2 March.
    await pay(virtualAccount.accountNumber, '0.10', { receivedAt: new Date('2026-02-28T21:00:00.000Z') });
    await pay(virtualAccount.accountNumber, '1999.99', { receivedAt: new Date('2026-03-01T20:59:59.999Z') });
    await pay(virtualAccount.accountNumber, '700', { receivedAt: new Date('2026-03-01T21:00:00.000Z'), rail: 'BANK', channel: 'INSTANT_BANK' });
    await pay(bill.virtualAccountNumber!, '333.33', { receivedAt: new Date('2026-03-04T09:00:00.000Z') });

    const answer = await days(token, '?from=2026-02-28&to=2026-03-05');
    expect(answer.map((day) => day.day)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(answer.every((day) => day.currency === 'KES')).toBe(true);
    expect(answer[0]).toMatchObject(zero);
    // 0.10 pays its whole amount as fee (never more than the amount); 1999.99 pays 1% = 20.00.
    expect(answer[1]).toMatchObject({ paymentCount: 2, totalAmount: 2000.09, feeAmount: 20.1, netAmount: 1979.99 });
    expect(answer[2]).toMatchObject({ paymentCount: 1, totalAmount: 700, feeAmount: 25, netAmount: 675 });
    expect(answer[3]).toMatchObject(zero);
    expect(answer[4]).toMatchObject({ paymentCount: 1, totalAmount: 333.33, feeAmount: 3.33, netAmount: 330 });
    expect(answer[5]).toMatchObject(zero);
    // The totals the answer was read from agree with the payments, fees included.
    expect((await checkLedger({ merchantId: virtualAccount.merchantId })).problems).toEqual([]);
  });

  it('takes up to 366 days and refuses 367, a reversed range and a date that does not exist, naming the field', async () => {
    const { token } = await signedInMerchant(api);
    expect(await days(token, '?from=2024-01-01&to=2024-12-31')).toHaveLength(366);
    const refused = async (query: string, field: string) => {
      const response = await api.request('GET', `/merchants/me/payments/daily-totals${query}`, { token });
      expect(response.status, query).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await response.json()) as { errors: { path: string; message: string }[] };
      expect(problem.errors.map((error) => error.path), query).toContain(`query.${field}`);
    };
    await refused('?from=2024-01-01&to=2025-01-01', 'to');
    await refused('?from=2026-03-05&to=2026-03-04', 'to');
    await refused('?from=2026-02-30&to=2026-03-04', 'from');
    await refused('?from=2026-03-01T00:00:00Z&to=2026-03-04', 'from');
    await refused('?to=2026-03-04', 'from');
    await refused('?from=2026-03-01&to=2026-03-04&channel=PIGEON', 'channel');
  });

  it('follows the list filters day by day, from the totals and from the payments alike', async () => {
    const { token, virtualAccount, merchant } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const provision = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND', subMerchantId: branch.id } });
    const branchAccount = (await provision.json()) as { id: string; accountNumber: string };
    const start = Date.parse('2026-05-01T06:00:00.000Z');
    for (let index = 0; index < 8; index++) {
      const receivedAt = new Date(start + index * 17 * 3_600_000);
      await pay(virtualAccount.accountNumber, `${100 + index}.25`, { receivedAt, payerName: index % 2 ? 'Wanjiru Kamau' : 'Otieno Ouma' });
      await pay(branchAccount.accountNumber, `${1000 + index * 7}.5`, { receivedAt, rail: 'BANK', channel: 'RTGS' });
    }
    const filters = [
      '',
      '&channel=RTGS',
      `&virtualAccountId=${virtualAccount.id}`,
      `&subMerchantId=${branch.id}`,
      '&minAmount=104&maxAmount=1010',
      '&matchStatus=UNMATCHED',
      '&q=Wanjiru',
    ];
    for (const filter of filters) {
      const expected = await expectedFromList(token, '2026-04-30', '2026-05-08', filter);
      const answer = await days(token, `?from=2026-04-30&to=2026-05-08${filter}`);
      expect(answer, filter).toHaveLength(9);
      for (const day of answer) expect(day, `${filter} ${day.day}`).toEqual({ day: day.day, currency: 'KES', ...(expected.get(day.day) ?? zero) });
    }
    const everything = await days(token, '?from=2026-04-30&to=2026-05-08');
    expect(everything.reduce((count, day) => count + day.paymentCount, 0)).toBe(16);
  });

  it("shows a merchant only its own payments, and a sub-merchant's user only that sub-merchant's", async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    const branch = await newSubMerchant(mine.merchant.id);
    const provision = await api.request('POST', '/merchants/me/virtual-accounts', { token: mine.token, json: { purpose: 'BRAND', subMerchantId: branch.id } });
    const branchAccount = (await provision.json()) as { id: string; accountNumber: string };
    const receivedAt = new Date('2026-06-10T09:00:00.000Z');
    await pay(mine.virtualAccount.accountNumber, '500', { receivedAt });
    await pay(branchAccount.accountNumber, '40', { receivedAt });
    await pay(theirs.virtualAccount.accountNumber, '9000', { receivedAt });

    const [own] = await days(mine.token, '?from=2026-06-10&to=2026-06-10');
    expect(own).toMatchObject({ paymentCount: 2, totalAmount: 540 });
    const [other] = await days(theirs.token, '?from=2026-06-10&to=2026-06-10');
    expect(other).toMatchObject({ paymentCount: 1, totalAmount: 9000, feeAmount: 90, netAmount: 8910 });

    const scoped = await newUser(mine.merchant.id, 'PLAIN_MERCHANT', branch.id);
    const { accessToken } = await signIn(api, scoped.user.email, scoped.password);
    expect((await days(accessToken, '?from=2026-06-10&to=2026-06-10'))[0]).toMatchObject({ paymentCount: 1, totalAmount: 40, feeAmount: 1, netAmount: 39 });
    // Naming the main account or another sub-merchant shows nothing rather than their figures.
    expect((await days(accessToken, `?from=2026-06-10&to=2026-06-10&virtualAccountId=${mine.virtualAccount.id}`))[0]).toMatchObject(zero);

    const support = await newUser(mine.merchant.id, 'SUPPORT');
    const signedSupport = await signIn(api, support.user.email, support.password);
    expect((await days(signedSupport.accessToken, '?from=2026-06-10&to=2026-06-10'))[0]).toMatchObject({ paymentCount: 2, totalAmount: 540 });
    expect((await api.request('GET', '/merchants/me/payments/daily-totals?from=2026-06-10&to=2026-06-10')).status).toBe(401);
  });

  it('gives each currency paid in the range its own entry every day, and one currency when asked', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const provision = await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'CURRENCY', currency: 'USD' } });
    expect(provision.status, await provision.clone().text()).toBe(201);
    const dollars = (await provision.json()) as { accountNumber: string };
    await pay(virtualAccount.accountNumber, '250', { receivedAt: new Date('2026-07-01T09:00:00.000Z') });
    await pay(dollars.accountNumber, '12.34', { receivedAt: new Date('2026-07-02T09:00:00.000Z'), rail: 'BANK', channel: 'RTGS', currency: 'USD' });

    const answer = await days(token, '?from=2026-07-01&to=2026-07-03');
    expect(answer.map((day) => `${day.day} ${day.currency} ${day.totalAmount}`)).toEqual([
      '2026-07-01 KES 250',
      '2026-07-01 USD 0',
      '2026-07-02 KES 0',
      '2026-07-02 USD 12.34',
      '2026-07-03 KES 0',
      '2026-07-03 USD 0',
    ]);
    const usd = await days(token, '?from=2026-07-01&to=2026-07-03&currency=USD');
    expect(usd.map((day) => `${day.day} ${day.currency} ${day.paymentCount}`)).toEqual(['2026-07-01 USD 0', '2026-07-02 USD 1', '2026-07-03 USD 0']);
  });
});

describe('GET /merchants/me/payments/summary fees', () => {
  it('adds the fees and the net to the count and total, exactly, whatever the range is read from', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    await pay(virtualAccount.accountNumber, '0.30', { receivedAt: new Date('2026-08-01T09:15:00.000Z') });
    await pay(virtualAccount.accountNumber, '100.05', { receivedAt: new Date('2026-08-02T10:30:00.000Z') });
    await pay(virtualAccount.accountNumber, '25000', { receivedAt: new Date('2026-08-03T11:45:00.000Z'), rail: 'BANK', channel: 'RTGS' });
    // A whole day, hours and minutes: each part of the summary carries its fees.
    const from = encodeURIComponent('2026-08-01T09:00:00.000Z');
    const to = encodeURIComponent('2026-08-03T12:00:00.000Z');
    const response = await api.request('GET', `/merchants/me/payments/summary?from=${from}&to=${to}`, { token });
    expect(await response.json()).toEqual({ paymentCount: 3, totalAmount: 25100.35, currency: 'KES', feeAmount: 101.3, netAmount: 24999.05 });
  });
});

describe('migration 0017 (fees in the totals)', () => {
  it('backfills the fees of payments recorded before it, so that every totals table agrees with the payments', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 80 });
    await pay(virtualAccount.accountNumber, '1234.56', { receivedAt: new Date('2026-09-01T08:10:00.000Z') });
    await pay(virtualAccount.accountNumber, '300', { receivedAt: new Date('2026-09-01T08:20:00.000Z'), rail: 'BANK', channel: 'INSTANT_BANK' });
    await pay(bill.virtualAccountNumber!, '80', { receivedAt: new Date('2026-09-02T12:00:00.000Z') });
    const merchantId = virtualAccount.merchantId;
    // As the tables were before the migration: no fees.
    for (const table of ['payment_daily_totals', 'payment_merchant_daily_totals', 'payment_merchant_hourly_totals']) {
      await db().execute(sql`update ${sql.identifier(table)} set fee_amount = 0 where merchant_id = ${merchantId}`);
    }
    expect((await checkLedger({ merchantId })).ok).toBe(false);
    // The migration's backfill statements, kept to this merchant (other tests write alongside).
    const statements = readFileSync('migrations/0017_totals_fees.sql', 'utf8').split('--> statement-breakpoint').filter((text) => text.includes('UPDATE'));
    expect(statements).toHaveLength(3);
    for (const statement of statements) {
      await db().execute(sql.raw(statement.replaceAll('FROM "payments" GROUP BY', `FROM "payments" WHERE "merchant_id" = '${merchantId}' GROUP BY`)));
    }
    expect((await checkLedger({ merchantId })).problems).toEqual([]);
    const [day] = await days(token, '?from=2026-09-01&to=2026-09-01');
    expect(day).toMatchObject({ paymentCount: 2, totalAmount: 1534.56, feeAmount: 37.35, netAmount: 1497.21 });
  });
});
