import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { useTestApi } from '../support/api-server';
import { midMonth, paidAt } from './support';
import { mpesa, receipt, signedInMerchant } from '../payments/support';

const api = useTestApi();

afterEach(() => {
  vi.useRealTimers();
});

const days = (count: number) => count * 86_400_000;

describe("a merchant's search box over monthly partitions", () => {
  it('finds a payment of five months ago by its receipt in any case, its phone in any form and its bill reference, newest first among this month\'s', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const reference = receipt();
    const old = await paidAt(midMonth(-5), mpesa(virtualAccount.accountNumber, '420', {
      providerReference: reference,
      payerPhone: '254798765432',
      billReference: 'SCHOOL-FEES-OLD',
    }));
    // The same phone and bill reference paid again this month: both found, the newer first.
    const recent = await ingestPayment(mpesa(virtualAccount.accountNumber, '15', { payerPhone: '254798765432', billReference: 'SCHOOL-FEES-OLD' }), { strict: false });
    if (recent.outcome !== 'recorded') throw new Error(recent.outcome);
    await ingestPayment(mpesa(virtualAccount.accountNumber, '10', { payerPhone: '254711111111' }), { strict: false });

    const found = async (q: string) => {
      const response = await api.request('GET', `/merchants/me/payments?q=${encodeURIComponent(q)}`, { token });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }[]).map((payment) => payment.id);
    };
    expect(await found(reference)).toEqual([old.id]);
    expect(await found(reference.toLowerCase())).toEqual([old.id]);
    for (const q of ['0798765432', '+254 798 765 432', '254798765432', '5432', 'SCHOOL-FEES-OLD']) {
      expect(await found(q), `search "${q}"`).toEqual([recent.payment.id, old.id]);
    }
    // A phone that ends in other digits finds neither; the next digits up (…433) are not "…432".
    expect(await found('0798765433')).toEqual([]);
  });
});

describe("an account's statement over monthly partitions", () => {
  /** An entry of the account's ledger written at `at`, in sequence order (as statements.test.ts writes them). */
  async function entry(merchantId: string, accountId: string, at: Date, type: 'CREDIT' | 'FEE', amount: number, balanceAfter: number) {
    await createMonthlyPartitions({ now: at, monthsAhead: 0 });
    await db().execute(sql`
      insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, description, created_at)
      values (${merchantId}::uuid, ${accountId}::uuid, ${type}, ${amount}, ${balanceAfter}, 'an entry', ${at.toISOString()}::timestamptz)`);
  }

  async function statement(token: string, accountId: string, from: string, to: string) {
    const response = await api.request('GET', `/merchants/me/virtual-accounts/${accountId}/statement?from=${from}&to=${to}`, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as { openingBalance: number; openingFeeBalance: number; closingBalance: number; closingFeeBalance: number; entries: unknown[] };
  }

  it('opens an account quiet for months on the balances of its last entries, however long ago', async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    // A credit and its fee five months ago, one more credit (no fee) four months ago, nothing since.
    await entry(merchant.id, virtualAccount.id, midMonth(-5), 'CREDIT', 100, 100);
    await entry(merchant.id, virtualAccount.id, midMonth(-5), 'FEE', 2, 2);
    await entry(merchant.id, virtualAccount.id, midMonth(-4), 'CREDIT', 50, 150);

    const first = midMonth(-1).toISOString().slice(0, 8) + '01';
    const last = midMonth(-1).toISOString().slice(0, 8) + '28';
    expect(await statement(token, virtualAccount.id, first, last)).toMatchObject({
      openingBalance: 150,
      openingFeeBalance: 2,
      closingBalance: 150,
      closingFeeBalance: 2,
      entries: [],
    });
  });

  it('opens on the last entry in sequence even when one just before the month looked at first was written out of order', async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    const month = (months: number) => midMonth(months).toISOString().slice(0, 8);
    const start = new Date(`${month(-2)}01T00:00:00+03:00`);
    await entry(merchant.id, virtualAccount.id, midMonth(-6), 'CREDIT', 100, 100);
    await entry(merchant.id, virtualAccount.id, midMonth(-6), 'FEE', 3, 3);
    // Two payments racing for the account 31 days before the period: the later in sequence took
    // its time four minutes earlier (OUT_OF_ORDER_WINDOW allows five), just before the month the
    // opening balance is looked for first. The balance after it (150) is the opening one.
    const edge = start.getTime() - days(31);
    await entry(merchant.id, virtualAccount.id, new Date(edge + 120_000), 'CREDIT', 20, 120);
    await entry(merchant.id, virtualAccount.id, new Date(edge - 120_000), 'CREDIT', 30, 150);
    expect(await statement(token, virtualAccount.id, `${month(-2)}01`, `${month(-2)}01`)).toMatchObject({ openingBalance: 150, openingFeeBalance: 3, entries: [] });

    // A credit within the month before the next period: its balance is found there, the fee
    // balance (no fee since six months ago) only before it.
    await entry(merchant.id, virtualAccount.id, new Date(start.getTime() + days(20)), 'CREDIT', 30, 180);
    expect(await statement(token, virtualAccount.id, `${month(-1)}01`, `${month(-1)}20`)).toMatchObject({
      openingBalance: 180,
      openingFeeBalance: 3,
      closingBalance: 180,
      closingFeeBalance: 3,
    });
  });
});

describe('ledger:check over monthly partitions', () => {
  const broken = async (merchantId: string) => (await checkLedger({ merchantId })).problems.map((problem) => problem.invariant);
  const MATCHED_CREDIT = "a paid bill's matched credit is one of its own payments";
  const RESOLVED = 'resolved suspense became exactly one payment of its rail, reference, amount and currency';
  const NEVER_BOTH = 'a rail reference is a payment or held in suspense, never both';
  const ITEMS = "a settlement's items stand exactly while it stands, each its payment's (or confirmed reversal's) amount, fee, account and currency";

  it("finds the months-old payment a bill, a resolved suspense row and a settlement item name, and reports each one planted wrong", async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const old = await paidAt(midMonth(-4), mpesa(virtualAccount.accountNumber, '420'));
    const other = await paidAt(midMonth(-3), mpesa(virtualAccount.accountNumber, '420'));
    expect(await broken(merchant.id)).toEqual([]);

    const { rows } = await db().execute<{ provider_reference: string; amount: string; fee_amount: string; net_amount: string; received_at: string }>(sql`
      select provider_reference, amount::text, fee_amount::text, net_amount::text, received_at::text from payments where id = ${old.id}::uuid`);
    const payment = rows[0]!;
    // A paid bill whose credit is the old payment; resolved suspense that became it; a settlement paying it out.
    const { rows: bills } = await db().execute<{ id: string }>(sql`
      insert into expected_payments (merchant_id, payment_reference, amount, amount_paid, currency, status, expires_at, matched_credit_id)
      values (${merchant.id}::uuid, ${`OLD-${receipt()}`}, ${payment.amount}::numeric, ${payment.amount}::numeric, 'KES', 'PAID', now() + interval '1 day', ${old.id}::uuid)
      returning id`);
    await db().execute(sql`update payments set expected_payment_id = ${bills[0]!.id}::uuid, match_status = 'MATCHED' where id = ${old.id}::uuid`);
    const { rows: suspense } = await db().execute<{ id: string }>(sql`
      insert into suspense_payments (rail, provider_reference, amount, amount_text, currency, reason, payload, received_at, merchant_id, status, resolved_payment_id, resolved_at)
      values ('MPESA', ${payment.provider_reference}, ${payment.amount}::numeric, ${payment.amount}, 'KES', 'UNKNOWN_ACCOUNT', '{}'::jsonb, ${payment.received_at}::timestamptz,
              ${merchant.id}::uuid, 'RESOLVED', ${old.id}::uuid, now())
      returning id`);
    const { rows: settlements } = await db().execute<{ id: string }>(sql`
      insert into settlements (merchant_id, currency, settlement_account_id, rail, destination, gross_amount, fee_amount, reversal_amount, amount, entry_count, status, origin, cutoff)
      values (${merchant.id}::uuid, 'KES', gen_random_uuid(), 'SIMULATOR', 'test', ${payment.amount}::numeric, ${payment.fee_amount}::numeric, 0, ${payment.net_amount}::numeric, 1, 'PENDING', 'MANUAL', now())
      returning id`);
    await db().execute(sql`
      insert into settlement_items (settlement_id, kind, payment_id, merchant_id, virtual_account_id, provider_reference, amount, fee_amount, net_amount, occurred_at)
      values (${settlements[0]!.id}::uuid, 'PAYMENT', ${old.id}::uuid, ${merchant.id}::uuid, ${virtualAccount.id}::uuid, ${payment.provider_reference},
              ${payment.amount}::numeric, ${payment.fee_amount}::numeric, ${payment.net_amount}::numeric, ${payment.received_at}::timestamptz)`);
    const found = await broken(merchant.id);
    expect(found).not.toContain(MATCHED_CREDIT);
    expect(found).not.toContain(RESOLVED);
    expect(found).not.toContain(NEVER_BOTH);
    expect(found).not.toContain(ITEMS);

    // Planted: the bill names another (later) payment, the suspense row another payment than the one
    // of its reference (months old: it must be found to be reported), the item another fee.
    await db().execute(sql`update expected_payments set matched_credit_id = ${other.id}::uuid where id = ${bills[0]!.id}::uuid`);
    await db().execute(sql`update suspense_payments set resolved_payment_id = ${other.id}::uuid where id = ${suspense[0]!.id}::uuid`);
    await db().execute(sql`update settlement_items set fee_amount = fee_amount + 1, net_amount = net_amount - 1 where settlement_id = ${settlements[0]!.id}::uuid`);
    expect(await broken(merchant.id)).toEqual(expect.arrayContaining([MATCHED_CREDIT, RESOLVED, NEVER_BOTH, ITEMS]));
  });
});
