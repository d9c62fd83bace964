import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUnits } from '@/lib/money/decimal';
import { balanceEntries } from '@/lib/ledger/schema';
import { nairobiDay } from '@/lib/payments/nairobi-days';
import { db } from '@/lib/platform/db';
import { newSubMerchant } from '../support/fixtures';
import { signedInMerchant, signedInUser } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { notify } from './support';

const api = useTestApi();

/** Moves a payment's ledger entries to a moment, as if it had arrived then (entries are stamped by the database). */
const stampEntries = (paymentId: string, at: string) => db().update(balanceEntries).set({ createdAt: new Date(at) }).where(eq(balanceEntries.paymentId, paymentId));

/** A confirmed reversal's ledger entries (lib/reversals/post-reversal.ts writes the same): the amount debited, the fee refunded. */
async function reverse(payment: { id: string; merchantId: string; virtualAccountId: string; amount: string; feeAmount: string }, at: string) {
  await db().execute(sql`
    with balances as (
      update virtual_accounts set balance = balance - ${payment.amount}::numeric, fee_balance = fee_balance - ${payment.feeAmount}::numeric
       where id = ${payment.virtualAccountId} returning balance, fee_balance)
    insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description, created_at)
    select ${payment.merchantId}::uuid, ${payment.virtualAccountId}::uuid, 'DEBIT', -${payment.amount}::numeric, balance, ${payment.id}::uuid, 'Reversal', ${at}::timestamptz from balances
    union all
    select ${payment.merchantId}::uuid, ${payment.virtualAccountId}::uuid, 'FEE', -${payment.feeAmount}::numeric, fee_balance, ${payment.id}::uuid, 'Fee refunded', ${at}::timestamptz from balances`);
}

/** A merchant whose LEGACY account was paid on 1, 15 and 31 October and 1 November (Nairobi), and had one payment reversed on 2 November. */
async function paidAccount() {
  const owner = await signedInMerchant(api, 'Statement Owner');
  const account = owner.virtualAccount;
  const times = ['2026-10-01T09:00:00+03:00', '2026-10-15T12:00:00+03:00', '2026-10-31T23:30:00+03:00', '2026-11-01T00:10:00+03:00'];
  const amounts = ['1000.50', '2500', '300.25', '4000'];
  const paid = [];
  for (const [index, amount] of amounts.entries()) {
    const result = await notify(`ST${Date.now()}${index}${Math.random().toString(36).slice(2, 8)}`, account.accountNumber, amount);
    if (result.outcome !== 'recorded') throw new Error('not recorded');
    await stampEntries(result.payment.id, times[index]!);
    paid.push(result.payment);
  }
  await reverse(paid[1]!, '2026-11-02T10:00:00+03:00');
  return { ...owner, account, paid };
}

const statement = async (token: string, accountId: string, query: string) => {
  const response = await api.request('GET', `/merchants/me/virtual-accounts/${accountId}/statement${query}`, { token });
  return { status: response.status, body: await response.json() };
};
const units = (value: number) => toUnits(String(value));

describe('GET /merchants/me/virtual-accounts/{id}/statement', () => {
  it('chains adjacent periods: each closes where the next opens, and the last closes on the account\'s balance', async () => {
    const { token, account } = await paidAccount();
    const september = await statement(token, account.id, '?from=2026-09-01&to=2026-09-30');
    const october = await statement(token, account.id, '?from=2026-10-01&to=2026-10-31');
    const sinceNovember = await statement(token, account.id, `?from=2026-11-01&to=${nairobiDay(new Date())}`);
    expect([september.status, october.status, sinceNovember.status]).toEqual([200, 200, 200]);

    expect(september.body).toMatchObject({ openingBalance: 0, closingBalance: 0, entries: [] });
    expect(october.body).toMatchObject({ from: '2026-10-01', to: '2026-10-31', periodStart: '2026-09-30T21:00:00.000Z', periodEnd: '2026-10-31T21:00:00.000Z' });
    expect(october.body.openingBalance).toBe(september.body.closingBalance);
    expect(october.body.closingBalance).toBe(3800.75);
    expect(sinceNovember.body.openingBalance).toBe(october.body.closingBalance);
    expect(sinceNovember.body.openingFeeBalance).toBe(october.body.closingFeeBalance);

    const current = await (await api.request('GET', `/merchants/me/virtual-accounts/${account.id}`, { token })).json();
    expect(sinceNovember.body.closingBalance).toBe(current.balance);
    expect(sinceNovember.body.closingFeeBalance).toBe(current.feeBalance);
    expect(current.balance).toBe(5300.75);

    // Opening plus the period's credits and debits is the closing balance, to the cent.
    for (const period of [october.body, sinceNovember.body]) {
      expect(units(period.openingBalance) + units(period.totalCredits) + units(period.totalDebits)).toBe(units(period.closingBalance));
      expect(units(period.openingFeeBalance) + units(period.totalFees)).toBe(units(period.closingFeeBalance));
    }
  });

  it('lists every entry in ledger order with the balances after it: fees move only the fee balance, a reversal lowers the balance', async () => {
    const { token, account, paid } = await paidAccount();
    const { body } = await statement(token, account.id, `?from=2026-10-31&to=${nairobiDay(new Date())}`);
    expect(body.openingBalance).toBe(3500.5);
    const rows = body.entries.map((entry: { type: string; amount: number; balanceAfter: number; paymentId: string }) => [entry.type, entry.amount, entry.balanceAfter, entry.paymentId]);
    const [fee3, fee4, fee2] = [paid[2]!, paid[3]!, paid[1]!].map((payment) => Number(payment.feeAmount));
    expect(rows).toEqual([
      // 31 October 23:30 Nairobi; then 1 November 00:10 Nairobi, which is still 31 October in UTC.
      ['CREDIT', 300.25, 3800.75, paid[2]!.id],
      ['FEE', fee3, 3800.75, paid[2]!.id],
      ['CREDIT', 4000, 7800.75, paid[3]!.id],
      ['FEE', fee4, 7800.75, paid[3]!.id],
      ['DEBIT', -2500, 5300.75, paid[1]!.id],
      ['FEE', -fee2, 5300.75, paid[1]!.id],
    ]);
    const feeColumn = body.entries.map((entry: { feeBalanceAfter: number }) => entry.feeBalanceAfter);
    expect(feeColumn[1]).toBe(body.openingFeeBalance + fee3);
    expect(feeColumn.at(-1)).toBe(body.closingFeeBalance);
  });

  it('cuts periods at Nairobi midnight: a payment at 00:10 on 1 November belongs to November', async () => {
    const { token, account, paid } = await paidAccount();
    const october31 = await statement(token, account.id, '?from=2026-10-31&to=2026-10-31');
    const november1 = await statement(token, account.id, '?from=2026-11-01&to=2026-11-01');
    expect(october31.body.entries.map((entry: { paymentId: string }) => entry.paymentId)).toEqual([paid[2]!.id, paid[2]!.id]);
    expect(november1.body.entries.map((entry: { paymentId: string }) => entry.paymentId)).toEqual([paid[3]!.id, paid[3]!.id]);
  });

  it('answers another merchant\'s account, and an account outside a scoped user\'s sub-merchant, as not found; SUPPORT reads it', async () => {
    const { account, merchant } = await paidAccount();
    const stranger = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const scoped = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', branch.id);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    for (const token of [stranger.token, scoped]) {
      const { status, body } = await statement(token, account.id, '');
      expect(status).toBe(404);
      expect(body.code).toBe('not_found');
    }
    expect((await statement(stranger.token, 'not-a-uuid', '')).status).toBe(404);
    expect((await statement(support, account.id, '?from=2026-10-01&to=2026-10-31')).body.closingBalance).toBe(3800.75);
  });

  it('refuses a day that does not exist, and a period that ends before it starts, naming the field', async () => {
    const { token, virtualAccount: account } = await signedInMerchant(api);
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'query.from'],
      ['?to=2026-13-01', 'query.to'],
      ['?from=2026-11-02&to=2026-11-01', 'query.to'],
      ['?from=yesterday', 'query.from'],
    ];
    for (const [query, path] of cases) {
      const response = await api.request('GET', `/merchants/me/virtual-accounts/${account.id}/statement${query}`, { token });
      expect(response.status, query).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect((await response.json()).errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
  });

  it('defaults to this month so far', async () => {
    const { token, virtualAccount: account } = await signedInMerchant(api);
    const today = nairobiDay(new Date());
    const { body } = await statement(token, account.id, '');
    expect(body).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today, openingBalance: 0, closingBalance: 0, accountNumber: account.accountNumber, currency: 'KES' });
  });
});

describe('the statement as CSV', () => {
  it('has the opening balance, one line per entry in ledger order and the closing balance, in exact amounts', async () => {
    const { statementCsv } = await import('@/app/(portal)/accounts/[accountId]/statement/csv/csv');
    const { token, account, paid } = await paidAccount();
    const { body } = await statement(token, account.id, '?from=2026-10-31&to=2026-11-01');
    const lines = statementCsv(body).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('When (Nairobi time),What,Description,Amount,Balance,Fees charged,Currency,Payment ID,Entry ID');
    expect(lines[1]!.split(',')).toEqual(['2026-10-31 00:00:00 +03:00', 'Opening balance', `Statement of ${account.accountNumber} from 2026-10-31`, '', '3500.50', body.openingFeeBalance.toFixed(2), 'KES', '', ''])
    expect(lines[2]).toMatch(new RegExp(`^2026-10-31 23:30:00 \\+03:00,Money in,Payment \\w+,300\\.25,3800\\.75,[0-9.]+,KES,${paid[2]!.id},`));
    expect(lines).toHaveLength(2 + body.entries.length + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`^2026-11-02 00:00:00 \\+03:00,Closing balance,Statement of ${account.accountNumber} to 2026-11-01,,7800\\.75,`));
  });
});

describe('a very long period', () => {
  it('answers 422 statement_too_long naming query.to rather than an endless statement', async () => {
    const { token, virtualAccount: account, merchant } = await signedInMerchant(api);
    // 10,001 one-shilling entries, written straight into the ledger (a busy account's month).
    await db().execute(sql`
      insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, description)
      select ${merchant.id}::uuid, ${account.id}::uuid, 'CREDIT', 1, n, 'Payment' from generate_series(1, 10001) as n`);
    const response = await api.request('GET', `/merchants/me/virtual-accounts/${account.id}/statement`, { token });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem).toMatchObject({ code: 'statement_too_long', errors: [{ path: 'query.to' }] });
  });
});
