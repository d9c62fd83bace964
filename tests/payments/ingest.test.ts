import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import { events } from '@/lib/events/schema';
import { balanceEntries } from '@/lib/ledger/schema';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import { batchLane } from '@/lib/payments/batcher';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { toPaymentJson } from '@/lib/payments/serialize';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { accountById, createBill, getBill, mpesa, signedInMerchant } from './support';

const api = useTestApi();

describe('recording a payment', () => {
  it('credits the account, charges the fee, writes both ledger entries and a payment.received event', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const result = await ingestPayment(mpesa(virtualAccount.accountNumber, '1234.56'), { strict: false });
    expect(result).toMatchObject({ outcome: 'recorded', duplicate: false });
    if (result.outcome !== 'recorded') return;
    expect(result.payment).toMatchObject({ amount: '1234.5600', feeAmount: '12.3500', netAmount: '1222.2100', matchStatus: 'UNMATCHED' });

    const account = await accountById(virtualAccount.id);
    expect(account.balance).toBe('1234.5600');
    expect(account.feeBalance).toBe('12.3500');
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.paymentId, result.payment.id));
    expect(entries.map((entry) => [entry.type, entry.amount, entry.balanceAfter]).sort()).toEqual([
      ['CREDIT', '1234.5600', '1234.5600'],
      ['FEE', '12.3500', '12.3500'],
    ]);
    // The row handed back, and the event's data, are exactly what was stored.
    const [stored] = await db().select().from(payments).where(eq(payments.id, result.payment.id));
    expect(result.payment).toEqual(stored);
    const [event] = await db().select().from(events).where(sql`${events.data}->>'id' = ${result.payment.id}`);
    expect(event?.type).toBe('payment.received');
    expect(event?.data).toEqual(toPaymentJson(stored!));
  });

  it('a second identical callback does not credit twice', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const inbound = mpesa(virtualAccount.accountNumber, '500');
    const first = await ingestPayment(inbound, { strict: false });
    const second = await ingestPayment(inbound, { strict: false });
    expect(second).toMatchObject({ outcome: 'recorded', duplicate: true });
    if (first.outcome === 'recorded' && second.outcome === 'recorded') expect(second.payment.id).toBe(first.payment.id);
    expect((await accountById(virtualAccount.id)).balance).toBe('500.0000');
  });

  it('ten identical callbacks at once record one payment and credit once', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const inbound = mpesa(virtualAccount.accountNumber, '250.50');
    const results = await Promise.all(Array.from({ length: 10 }, () => ingestPayment(inbound, { strict: false })));
    expect(results.every((result) => result.outcome === 'recorded')).toBe(true);
    expect(results.filter((result) => result.outcome === 'recorded' && !result.duplicate)).toHaveLength(1);
    const stored = await db().select().from(payments).where(eq(payments.providerReference, inbound.providerReference));
    expect(stored).toHaveLength(1);
    expect((await accountById(virtualAccount.id)).balance).toBe('250.5000');
  });

  it('writes payments arriving together in shared commits, with each ledger entry in arrival order', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const others = await db().transaction((tx) =>
      Promise.all(
        [1, 2].map((index) =>
          insertVirtualAccount(tx, { merchantId: merchant.id, ownerType: 'CUSTOMER', ownerId: randomUUID(), purpose: 'CUSTOMER', accountName: `Customer ${index}`, accountType: 'STATIC', currency: 'KES' }),
        ),
      ),
    );
    const numbers = [virtualAccount.accountNumber, ...others.map((account) => account.accountNumber)];
    const inbound = Array.from({ length: 60 }, (_, index) => mpesa(numbers[index % 3]!, `${100 + index}.25`));
    const results = await Promise.all(inbound.map((payment) => ingestPayment(payment, { strict: false })));
    expect(results.every((result) => result.outcome === 'recorded' && !result.duplicate)).toBe(true);

    // Shared commits: payments of one statement share its transaction's clock in their events.
    const stamps = await db().execute<{ commits: number }>(
      sql`select count(distinct created_at)::int as commits from events where merchant_id = ${merchant.id} and type = 'payment.received'`,
    );
    expect(stamps.rows[0]!.commits).toBeLessThan(60);
    for (const [index, number] of numbers.entries()) {
      const expected = inbound.filter((_, position) => position % 3 === index).reduce((sum, payment) => sum + Math.round(Number(payment.amount) * 100), 0);
      const account = await db().select().from(virtualAccounts).where(eq(virtualAccounts.accountNumber, number));
      expect(Math.round(Number(account[0]!.balance) * 100)).toBe(expected);
    }
    // Every entry's balanceAfter is the running sum in entry order, the totals match: all invariants.
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('writes each batch within one lane of accounts, so that batches written side by side never share an account', async () => {
    const { merchant } = await signedInMerchant(api);
    const writers = config().PAYMENT_BATCH_WRITERS;
    expect(writers).toBeGreaterThan(1);
    // Accounts until every lane has two.
    const accounts: { id: string; accountNumber: string }[] = [];
    while (new Set(accounts.map((account) => batchLane(account.id))).size < writers || accounts.length < 2 * writers) {
      accounts.push(
        await insertVirtualAccount(db(), { merchantId: merchant.id, ownerType: 'CUSTOMER', ownerId: randomUUID(), purpose: 'CUSTOMER', accountName: 'Lane customer', accountType: 'STATIC', currency: 'KES' }),
      );
    }
    const inbound = Array.from({ length: 120 }, (_, index) => mpesa(accounts[index % accounts.length]!.accountNumber, `${10 + index}.50`));
    // Every callback twice, the second while the first is in flight: one payment each all the same.
    const results = await Promise.all([...inbound, ...inbound].map((payment) => ingestPayment(payment, { strict: false })));
    expect(results.filter((result) => result.outcome === 'recorded' && !result.duplicate)).toHaveLength(120);
    expect(results.every((result) => result.outcome === 'recorded')).toBe(true);

    // Rows written by one transaction share its id (xmin; events are never updated): no commit holds accounts of two lanes.
    // (Not created_at: it has millisecond precision, and two lanes may commit within the same millisecond.)
    const commits = await db().execute<{ accounts: string[] }>(sql`
      select array_agg(distinct p.virtual_account_id::text) as accounts
        from events e join payments p on p.id = (e.data->>'id')::uuid
       where e.merchant_id = ${merchant.id} and e.type = 'payment.received'
       group by e.xmin::text`);
    expect(commits.rows.length).toBeLessThan(120);
    for (const commit of commits.rows) expect(new Set(commit.accounts.map(batchLane)).size).toBe(1);
    // Each lane adds its batches' merchant totals to the row of its own number, whatever the accounts' shards.
    const shards = await db().execute<{ shard: number }>(sql`
      select shard from payment_merchant_daily_totals where merchant_id = ${merchant.id}
       union select shard from payment_merchant_hourly_totals where merchant_id = ${merchant.id}`);
    expect(new Set(shards.rows.map((row) => row.shard))).toEqual(new Set(accounts.map((account) => batchLane(account.id))));
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('refuses a mistyped account number in strict mode and keeps the money in suspense otherwise', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const number = virtualAccount.accountNumber;
    const typo = number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);
    expect(await ingestPayment(mpesa(typo, '100'), { strict: true })).toEqual({ outcome: 'rejected', reason: 'INVALID_CHECK_DIGIT' });
    const inbound = mpesa(typo, '100');
    expect(await ingestPayment(inbound, { strict: false })).toEqual({ outcome: 'suspense', reason: 'INVALID_CHECK_DIGIT', duplicate: false });
    expect(await ingestPayment(inbound, { strict: false })).toEqual({ outcome: 'suspense', reason: 'INVALID_CHECK_DIGIT', duplicate: true });
    const kept = await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, inbound.providerReference));
    expect(kept).toHaveLength(1);
    expect((await accountById(virtualAccount.id)).balance).toBe('0.0000');
  });
});

describe('matching bills', () => {
  it('an exact payment to the invoice account pays the bill, sets matchedCreditId and closes the account', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1500 });
    const result = await ingestPayment(mpesa(bill.virtualAccountNumber!, '1500'), { strict: true });
    if (result.outcome !== 'recorded') throw new Error(result.outcome);
    expect(result.payment).toMatchObject({ matchStatus: 'MATCHED', expectedPaymentId: bill.id, overpaidAmount: '0.0000' });
    expect(await getBill(api, token, bill.id)).toMatchObject({ status: 'PAID', matchedCreditId: result.payment.id });
    expect((await accountById(bill.virtualAccountId!)).status).toBe('CLOSED');
    expect(await ingestPayment(mpesa(bill.virtualAccountNumber!, '10'), { strict: true })).toEqual({ outcome: 'rejected', reason: 'BILL_CLOSED' });
  });

  it('partial payments add up until the bill is paid', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    const first = await ingestPayment(mpesa(bill.virtualAccountNumber!, '400.25'), { strict: true });
    expect(first).toMatchObject({ payment: { matchStatus: 'PARTIAL' } });
    expect(await getBill(api, token, bill.id)).toMatchObject({ status: 'PARTIALLY_PAID', matchedCreditId: null });
    const second = await ingestPayment(mpesa(bill.virtualAccountNumber!, '599.75'), { strict: true });
    expect(second).toMatchObject({ payment: { matchStatus: 'MATCHED' } });
    expect(await getBill(api, token, bill.id)).toMatchObject({ status: 'PAID' });
  });

  it('an overpayment pays the bill and records the surplus', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    await ingestPayment(mpesa(bill.virtualAccountNumber!, '600'), { strict: true });
    const result = await ingestPayment(mpesa(bill.virtualAccountNumber!, '700'), { strict: true });
    expect(result).toMatchObject({ payment: { matchStatus: 'OVERPAID', overpaidAmount: '300.0000' } });
    expect(await getBill(api, token, bill.id)).toMatchObject({ status: 'PAID' });
  });

  it('money sent after a bill was cancelled is credited but not matched, and needs attention', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 800 });
    await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token });
    const result = await ingestPayment(mpesa(bill.virtualAccountNumber!, '800'), { strict: false });
    expect(result).toMatchObject({ outcome: 'recorded', payment: { matchStatus: 'NEEDS_ATTENTION', expectedPaymentId: bill.id } });
    expect((await accountById(bill.virtualAccountId!)).balance).toBe('800.0000');
    expect(await getBill(api, token, bill.id)).toMatchObject({ status: 'CANCELLED', matchedCreditId: null });
  });

  it('money in another currency for a cancelled bill goes to suspense, not into the account', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 800 });
    await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token });
    const inbound = mpesa(bill.virtualAccountNumber!, '800', { rail: 'BANK', channel: 'RTGS', currency: 'USD' });
    expect(await ingestPayment(inbound, { strict: false })).toEqual({ outcome: 'suspense', reason: 'WRONG_CURRENCY', duplicate: false });
    expect((await accountById(bill.virtualAccountId!)).balance).toBe('0.0000');
  });

  it('money sent after a bill expired is credited but not matched', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 800 });
    await db().update(expectedPayments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(expectedPayments.id, bill.id));
    expect(await ingestPayment(mpesa(bill.virtualAccountNumber!, '800'), { strict: true })).toEqual({ outcome: 'rejected', reason: 'BILL_CLOSED' });
    const result = await ingestPayment(mpesa(bill.virtualAccountNumber!, '800'), { strict: false });
    expect(result).toMatchObject({ payment: { matchStatus: 'NEEDS_ATTENTION' } });
  });

  it('a payer who types the account number then the bill reference pays that bill; the reference alone names nothing', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 300, provisionInvoiceVa: false });
    expect(await ingestPayment(mpesa(bill.paymentReference, '300'), { strict: true })).toEqual({ outcome: 'rejected', reason: 'UNKNOWN_ACCOUNT' });
    const result = await ingestPayment(mpesa(`${virtualAccount.accountNumber}#${bill.paymentReference}`, '300'), { strict: true });
    expect(result).toMatchObject({ payment: { matchStatus: 'MATCHED', expectedPaymentId: bill.id, virtualAccountId: virtualAccount.id, billReference: bill.paymentReference } });
  });

  it('a payment into the merchant account whose reference names an open bill settles it', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 300, provisionInvoiceVa: false });
    const result = await ingestPayment(
      { ...mpesa(virtualAccount.accountNumber, '300'), rail: 'BANK', channel: 'INSTANT_BANK', billReference: bill.paymentReference },
      { strict: false },
    );
    expect(result).toMatchObject({ payment: { matchStatus: 'MATCHED', expectedPaymentId: bill.id, virtualAccountId: virtualAccount.id } });
  });
});

describe('ledger:check', () => {
  it('finds nothing wrong after real traffic, and names the invariant a corrupted balance breaks', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    await ingestPayment(mpesa(virtualAccount.accountNumber, '99.99'), { strict: false });
    const clean = await checkLedger({ merchantId: virtualAccount.merchantId });
    expect(clean.problems).toEqual([]);

    await db().execute(sql`update virtual_accounts set balance = balance + 1 where id = ${virtualAccount.id}`);
    const broken = await checkLedger({ merchantId: virtualAccount.merchantId });
    expect(broken.ok).toBe(false);
    expect(broken.problems.map((problem) => problem.invariant)).toContain('an account balance equals the sum of its credit, debit and settlement entries');
    await db().execute(sql`update virtual_accounts set balance = balance - 1 where id = ${virtualAccount.id}`);
  });

  it("keeps the merchant's daily totals equal to its accounts', and names them when they differ", async () => {
    const { virtualAccount } = await signedInMerchant(api);
    await ingestPayment(mpesa(virtualAccount.accountNumber, '10.10'), { strict: false });
    await ingestPayment(mpesa(virtualAccount.accountNumber, '5.05', { rail: 'BANK', channel: 'INSTANT_BANK' }), { strict: false });
    const { rows } = await db().execute<{ payment_count: string; total_amount: string }>(
      sql`select sum(payment_count) as payment_count, sum(total_amount) as total_amount from payment_merchant_daily_totals where merchant_id = ${virtualAccount.merchantId}`,
    );
    expect(rows[0]).toEqual({ payment_count: '2', total_amount: '15.1500' });
    expect((await checkLedger({ merchantId: virtualAccount.merchantId })).problems).toEqual([]);

    await db().execute(sql`update payment_merchant_daily_totals set total_amount = total_amount + 0.01 where merchant_id = ${virtualAccount.merchantId} and channel = 'INSTANT_BANK'`);
    const report = await checkLedger({ merchantId: virtualAccount.merchantId });
    expect(report.problems.map((problem) => [problem.invariant, problem.count])).toEqual([['merchant daily totals equal the account daily totals they sum', 1]]);
  });

  it("keeps the merchant's hourly totals equal to its payments on both write paths, and names them when they differ", async () => {
    const { virtualAccount, token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 50, currency: 'KES' });
    const at = (iso: string) => ({ receivedAt: new Date(iso) });
    await ingestPayment(mpesa(virtualAccount.accountNumber, '10.10', at('2026-03-01T09:15:00Z')), { strict: false }); // batched
    await ingestPayment(mpesa(virtualAccount.accountNumber, '5.05', at('2026-03-01T09:59:59Z')), { strict: false });
    await ingestPayment(mpesa(bill.virtualAccountNumber!, '20', at('2026-03-01T09:30:00Z')), { strict: false }); // one by one, with its bill
    const { rows } = await db().execute<{ hour: string; payment_count: string; total_amount: string }>(
      sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as hour, sum(payment_count) as payment_count, sum(total_amount) as total_amount
            from payment_merchant_hourly_totals where merchant_id = ${virtualAccount.merchantId} group by hour`,
    );
    expect(rows).toEqual([{ hour: '2026-03-01T09:00', payment_count: '3', total_amount: '35.1500' }]);
    expect((await checkLedger({ merchantId: virtualAccount.merchantId })).problems).toEqual([]);

    await db().execute(sql`update payment_merchant_hourly_totals set payment_count = payment_count + 1 where merchant_id = ${virtualAccount.merchantId}`);
    const report = await checkLedger({ merchantId: virtualAccount.merchantId });
    expect(report.problems.map((problem) => [problem.invariant, problem.count])).toEqual([['merchant hourly totals equal the payments they summarise', 1]]);
  });

  it('names a payment, an entry or an event whose account or merchant is missing or another merchant\'s', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const recorded = await ingestPayment(mpesa(virtualAccount.accountNumber, '10'), { strict: false });
    if (recorded.outcome !== 'recorded') throw new Error('payment not recorded');
    expect((await checkLedger({ merchantId: virtualAccount.merchantId })).problems).toEqual([]);

    const ghost = randomUUID();
    await db().execute(sql`update payments set virtual_account_id = ${other.virtualAccount.id} where id = ${recorded.payment.id}`);
    await db().execute(sql`update balance_entries set virtual_account_id = ${ghost} where payment_id = ${recorded.payment.id} and type = 'FEE'`);
    await db().execute(sql`update events set merchant_id = ${ghost} where type = 'payment.received' and data->>'id' = ${recorded.payment.id}`);
    // Scoped, as other test files check their own merchants meanwhile: the event now names the ghost.
    const broken = [...(await checkLedger({ merchantId: virtualAccount.merchantId })).problems, ...(await checkLedger({ merchantId: ghost })).problems];
    const named = (invariant: string) => broken.find((problem) => problem.invariant === invariant);
    expect(named("a payment is into an existing account of its own merchant, under that account's number")?.examples).toContainEqual(
      expect.objectContaining({ id: recorded.payment.id, account_merchant_id: other.virtualAccount.merchantId }),
    );
    expect(named('a balance entry is on an existing account of its own merchant')?.examples).toContainEqual(
      expect.objectContaining({ virtual_account_id: ghost, account_merchant_id: null }),
    );
    expect(named('an event belongs to an existing merchant')?.examples).toContainEqual(expect.objectContaining({ merchant_id: ghost, type: 'payment.received' }));

    // Put back, so the other tests' whole-database checks stay clean.
    await db().execute(sql`update payments set virtual_account_id = ${virtualAccount.id} where id = ${recorded.payment.id}`);
    await db().execute(sql`update balance_entries set virtual_account_id = ${virtualAccount.id} where payment_id = ${recorded.payment.id}`);
    await db().execute(sql`update events set merchant_id = ${virtualAccount.merchantId} where type = 'payment.received' and data->>'id' = ${recorded.payment.id}`);
    expect((await checkLedger({ merchantId: virtualAccount.merchantId })).problems).toEqual([]);
  });

  it('names a payment whose payment.received event is missing', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const kept = await ingestPayment(mpesa(virtualAccount.accountNumber, '10'), { strict: false });
    const lost = await ingestPayment(mpesa(virtualAccount.accountNumber, '20'), { strict: false });
    if (kept.outcome !== 'recorded' || lost.outcome !== 'recorded') throw new Error('payments not recorded');
    await db().execute(sql`update events set data = jsonb_set(data, '{id}', '"elsewhere"') where type = 'payment.received' and data->>'id' = ${lost.payment.id}`);

    const report = await checkLedger({ merchantId: virtualAccount.merchantId });
    expect(report.problems).toEqual([
      { invariant: 'every payment has its payment.received event', count: 1, examples: [{ merchant_id: virtualAccount.merchantId, id: lost.payment.id }] },
    ]);
  });
});
