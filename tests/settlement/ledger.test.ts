import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '@/lib/events/schema';
import { checkLedger } from '@/lib/ledger/check';
import { balanceEntries } from '@/lib/ledger/schema';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { paymentReversals } from '@/lib/reversals/schema';
import { balancesOf } from '@/lib/settlement/balances';
import { createSettlement } from '@/lib/settlement/create-settlement';
import { settlementCutoff } from '@/lib/settlement/cutoff';
import { createScheduledSettlements } from '@/lib/settlement/settle-many';
import { settlementAccounts, settlementItems } from '@/lib/settlement/schema';
import { markFailed, markPaid, markProcessing, markReturned } from '@/lib/settlement/transitions';
import { useTestApi } from '../support/api-server';
import { accountNow, expectLedgerOk, paymentNow, pay, railReturn, settlementWorld } from './world';

useTestApi();

const DAY = 86_400_000;
const daysAgo = (days: number, minutes = 0) => new Date(Date.now() - days * DAY + minutes * 60_000);
const manual = (merchantId: string, currency = 'KES', extra: Partial<Parameters<typeof createSettlement>[0]> = {}) =>
  createSettlement({ merchantId, subMerchantId: null, currency, origin: 'MANUAL', ...extra });
const settlementEntries = (settlementId: string) =>
  db().select().from(balanceEntries).where(eq(balanceEntries.settlementId, settlementId)).orderBy(balanceEntries.sequence);
const itemsOf = (settlementId: string) => db().select().from(settlementItems).where(eq(settlementItems.settlementId, settlementId));
const eventsOf = (merchantId: string, type: string) =>
  db().select().from(events).where(and(eq(events.merchantId, merchantId), sql`${events.type} = ${type}`));
const balanceOf = async (merchantId: string, currency = 'KES', subMerchantId: string | null = null) =>
  (await balancesOf(db(), { merchantId, subMerchantId: null })).find((row) => row.currency === currency && row.subMerchantId === subMerchantId)!;

describe('creating a settlement', () => {
  it('pays out every due payment\'s net once: one SETTLEMENT entry per account, items, payments pointing at it, an event; money still pending stays', async () => {
    const { merchant, kes } = await settlementWorld();
    const first = await pay(kes, '1000', { receivedAt: daysAgo(3) });
    const second = await pay(kes, '5000', { receivedAt: daysAgo(2) });
    const recent = await pay(kes, '700', { receivedAt: new Date() });

    const settlement = (await manual(merchant.id))!;
    expect(settlement).toMatchObject({
      status: 'PENDING', origin: 'MANUAL', currency: 'KES', rail: 'SIMULATOR', destination: 'Equity Bank ••••6789',
      grossAmount: '6000.0000', feeAmount: '200.0000', reversalAmount: '0.0000', amount: '5800.0000', entryCount: 2,
    });
    const entries = await settlementEntries(settlement.id);
    expect(entries.map((entry) => [entry.type, entry.virtualAccountId, entry.amount, entry.balanceAfter, entry.paymentId])).toEqual([
      ['SETTLEMENT', kes.id, '-5800.0000', '900.0000', null],
    ]);
    expect(await accountNow(kes.id)).toMatchObject({ balance: '900.0000', feeBalance: '300.0000' });
    expect((await paymentNow(first.id)).settlementId).toBe(settlement.id);
    expect((await paymentNow(second.id)).settlementId).toBe(settlement.id);
    expect((await paymentNow(recent.id)).settlementId).toBeNull();
    expect((await itemsOf(settlement.id)).map((item) => [item.kind, item.amount, item.feeAmount, item.netAmount]).sort()).toEqual([
      ['PAYMENT', '1000.0000', '100.0000', '900.0000'],
      ['PAYMENT', '5000.0000', '100.0000', '4900.0000'],
    ]);
    const created = await eventsOf(merchant.id, 'settlement.created');
    expect(created.map((event) => event.data)).toEqual([expect.objectContaining({ id: settlement.id, amount: 5800, status: 'PENDING', entryCount: 2 })]);
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '0.0000', pending: '600.0000', reserved: '0.0000', settling: '5800.0000' });

    expect(await manual(merchant.id)).toBeNull(); // nothing more is due: the caller answers 422 nothing_to_settle
    await expectLedgerOk(merchant.id);
  });

  it('takes a ceiling as whole payments, oldest first, while the total stays within it; none fitting is nothing to settle', async () => {
    const { merchant, kes } = await settlementWorld();
    await pay(kes, '1000', { receivedAt: daysAgo(3) }); // net 900
    await pay(kes, '2000', { receivedAt: daysAgo(2, 1) }); // net 1900
    const third = await pay(kes, '3000', { receivedAt: daysAgo(2, 2) }); // net 2900

    expect(await manual(merchant.id, 'KES', { ceiling: '850' })).toBeNull();
    const partial = (await manual(merchant.id, 'KES', { ceiling: '3000' }))!;
    expect(partial).toMatchObject({ amount: '2800.0000', grossAmount: '3000.0000', entryCount: 2 });
    expect((await paymentNow(third.id)).settlementId).toBeNull();
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '2900.0000', settling: '2800.0000' });
    expect((await manual(merchant.id))!).toMatchObject({ amount: '2900.0000', entryCount: 1 });
    await expectLedgerOk(merchant.id);
  });

  it('refuses a bucket without an active settlement account (409 no_settlement_account) and changes nothing', async () => {
    const { merchant, branch, branchKes } = await settlementWorld({ branchAccount: false });
    const payment = await pay(branchKes, '1000', { receivedAt: daysAgo(2) });
    await expect(createSettlement({ merchantId: merchant.id, subMerchantId: branch.id, currency: 'KES', origin: 'MANUAL' })).rejects.toMatchObject({
      status: 409,
      code: 'no_settlement_account',
    });
    expect((await paymentNow(payment.id)).settlementId).toBeNull();
    expect(await db().select().from(settlementItems).where(eq(settlementItems.paymentId, payment.id))).toEqual([]);
  });

  it('makes a bucket\'s scheduled settlement once a day: a second run that day takes nothing, the next day\'s takes what came since', async () => {
    const { merchant, kes } = await settlementWorld();
    await pay(kes, '1000', { receivedAt: daysAgo(2) });
    const scheduled = (day: string) => manual(merchant.id, 'KES', { origin: 'SCHEDULED', scheduledFor: day, cutoff: new Date() });
    expect(await scheduled('2030-03-01')).toMatchObject({ origin: 'SCHEDULED', scheduledFor: '2030-03-01', amount: '900.0000' });
    const later = await pay(kes, '2000', { receivedAt: daysAgo(1) });
    expect(await scheduled('2030-03-01')).toBeNull();
    expect((await paymentNow(later.id)).settlementId).toBeNull();
    expect(await scheduled('2030-03-02')).toMatchObject({ amount: '1900.0000' });
    await expectLedgerOk(merchant.id);
  });

  it('settles USD apart from KES, each in its own currency', async () => {
    const { merchant, kes, usd } = await settlementWorld();
    await pay(kes, '1000', { receivedAt: daysAgo(2) });
    await pay(usd, '150', { receivedAt: daysAgo(2) }); // USD RTGS fee 1.00
    const dollars = (await manual(merchant.id, 'USD'))!;
    expect(dollars).toMatchObject({ currency: 'USD', grossAmount: '150.0000', feeAmount: '1.0000', amount: '149.0000' });
    expect(await balanceOf(merchant.id, 'KES')).toMatchObject({ available: '900.0000', settling: '0.0000' });
    await expectLedgerOk(merchant.id);
  });
});

describe('failure and return', () => {
  it('a failed settlement gives the money back at once, keeps its items for history, and its payments are settled again next time', async () => {
    const { merchant, kes } = await settlementWorld();
    const payment = await pay(kes, '1000', { receivedAt: daysAgo(2) });
    const settlement = (await manual(merchant.id))!;
    expect((await markProcessing(settlement.id))!).toMatchObject({ changed: true, settlement: { status: 'PROCESSING' } });

    const failed = (await markFailed(settlement.id, 'The bank account is closed.'))!;
    expect(failed).toMatchObject({ changed: true, settlement: { status: 'FAILED', failureReason: 'The bank account is closed.' } });
    expect((await settlementEntries(settlement.id)).map((entry) => [entry.amount, entry.balanceAfter, entry.description])).toEqual([
      ['-900.0000', '100.0000', `Paid out in settlement ${settlement.id}`],
      ['900.0000', '1000.0000', `Settlement ${settlement.id} failed`],
    ]);
    expect((await itemsOf(settlement.id))[0]!.releasedAt).not.toBeNull();
    expect((await paymentNow(payment.id)).settlementId).toBeNull();
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '900.0000', settling: '0.0000' });
    expect(await eventsOf(merchant.id, 'settlement.failed')).toHaveLength(1);

    // Repeated or late answers change nothing: statuses only move forward.
    expect(await markFailed(settlement.id, 'again')).toMatchObject({ changed: false, settlement: { status: 'FAILED', failureReason: 'The bank account is closed.' } });
    expect(await markPaid(settlement.id, { providerReference: 'LATE' })).toMatchObject({ changed: false, settlement: { status: 'FAILED', providerReference: null } });
    expect(await eventsOf(merchant.id, 'settlement.failed')).toHaveLength(1);

    const again = (await manual(merchant.id))!;
    expect(again).toMatchObject({ amount: '900.0000', entryCount: 1 });
    expect((await paymentNow(payment.id)).settlementId).toBe(again.id);
    await expectLedgerOk(merchant.id);
  });

  it('a paid settlement is paid once; a return gives the money back and the next settlement pays it again', async () => {
    const { merchant, kes } = await settlementWorld();
    await pay(kes, '2000', { receivedAt: daysAgo(2) });
    const settlement = (await manual(merchant.id))!;
    expect(await markReturned(settlement.id, 'not paid yet')).toMatchObject({ changed: false, settlement: { status: 'PENDING' } });
    expect(await markPaid(settlement.id, { providerReference: 'FT24330ABC' })).toMatchObject({ changed: true, settlement: { status: 'PAID', providerReference: 'FT24330ABC' } });
    expect(await markPaid(settlement.id, { providerReference: 'FT-OTHER' })).toMatchObject({ changed: false, settlement: { providerReference: 'FT24330ABC' } });
    expect(await eventsOf(merchant.id, 'settlement.paid')).toHaveLength(1);
    expect(await markFailed(settlement.id, 'too late')).toMatchObject({ changed: false, settlement: { status: 'PAID' } });
    await expectLedgerOk(merchant.id);

    expect(await markReturned(settlement.id, 'Account dormant')).toMatchObject({ changed: true, settlement: { status: 'RETURNED', failureReason: 'Account dormant' } });
    expect(await eventsOf(merchant.id, 'settlement.returned')).toHaveLength(1);
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '1900.0000' });
    expect((await manual(merchant.id))!).toMatchObject({ amount: '1900.0000' });
    await expectLedgerOk(merchant.id);
  });

  it('answers null for a settlement that does not exist', async () => {
    expect(await markPaid(randomUUID(), {})).toBeNull();
    expect(await markFailed(randomUUID(), 'x')).toBeNull();
  });

  it('two concurrent failures of one settlement give the money back once', async () => {
    const { merchant, kes } = await settlementWorld();
    await pay(kes, '1000', { receivedAt: daysAgo(2) });
    const settlement = (await manual(merchant.id))!;
    const results = await Promise.all([markFailed(settlement.id, 'a'), markFailed(settlement.id, 'b'), markPaid(settlement.id, {})]);
    expect(results.filter((result) => result!.changed)).toHaveLength(1);
    await expectLedgerOk(merchant.id);
  });
});

describe('reversals and settlement', () => {
  it('a payment reversed after its settlement takes available below zero, and the next settlement nets it (fee refunded with it)', async () => {
    const { merchant, kes } = await settlementWorld();
    const first = await pay(kes, '1000', { receivedAt: daysAgo(3) });
    await pay(kes, '5000', { receivedAt: daysAgo(3) });
    const settlement = (await manual(merchant.id))!;
    await markPaid(settlement.id, { providerReference: 'FT1' });

    await railReturn(first);
    expect((await paymentNow(first.id)).status).toBe('REVERSED');
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '-900.0000' });
    expect(await manual(merchant.id)).toBeNull(); // a negative remainder waits

    const later = await pay(kes, '3000', { receivedAt: daysAgo(2) });
    const next = (await manual(merchant.id))!;
    expect(next).toMatchObject({ grossAmount: '3000.0000', feeAmount: '0.0000', reversalAmount: '1000.0000', amount: '2000.0000', entryCount: 2 });
    expect((await itemsOf(next.id)).map((item) => [item.kind, item.paymentId, item.netAmount]).sort()).toEqual(
      [['PAYMENT', later.id, '2900.0000'], ['REVERSAL', first.id, '-900.0000']].sort(),
    );
    const [reversal] = await db().select().from(paymentReversals).where(eq(paymentReversals.paymentId, first.id));
    expect(reversal!.settlementId).toBe(next.id);
    expect((await paymentNow(first.id)).settlementId).toBe(settlement.id);
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '0.0000' });
    await expectLedgerOk(merchant.id);
  });

  it('a payment reversed before it was settled is never settled: its credit and its reversal cancel out', async () => {
    const { merchant, kes } = await settlementWorld();
    const reversed = await pay(kes, '1000', { receivedAt: daysAgo(2) });
    await pay(kes, '400', { receivedAt: daysAgo(2) });
    await railReturn(reversed);
    const settlement = (await manual(merchant.id))!;
    expect(settlement).toMatchObject({ amount: '300.0000', entryCount: 1 });
    expect((await paymentNow(reversed.id)).settlementId).toBeNull();
    await expectLedgerOk(merchant.id);
  });

  it('when the settlement of a payment reversed since fails, the payment is owed again and the next settlement pays it', async () => {
    const { merchant, kes } = await settlementWorld();
    const first = await pay(kes, '1000', { receivedAt: daysAgo(3) });
    await pay(kes, '5000', { receivedAt: daysAgo(3) });
    const s1 = (await manual(merchant.id))!;
    await markPaid(s1.id, {});
    await railReturn(first);
    await pay(kes, '3000', { receivedAt: daysAgo(2) });
    const s2 = (await manual(merchant.id))!; // nets the reversal
    await markReturned(s1.id, 'Account closed'); // the first payout came back: its 900 and 4900 are owed again
    const s3 = (await manual(merchant.id))!;
    expect(s3).toMatchObject({ amount: '5800.0000', entryCount: 2 });
    expect((await paymentNow(first.id)).settlementId).toBe(s3.id);
    expect(s2.amount).toBe('2000.0000');
    await expectLedgerOk(merchant.id);
  });
});

describe('buckets', () => {
  it('a sub-merchant with its own settlement account is its own bucket; without one its payments are the merchant\'s', async () => {
    const own = await settlementWorld();
    await pay(own.kes, '2000', { receivedAt: daysAgo(2) });
    await pay(own.branchKes, '1000', { receivedAt: daysAgo(2) });
    const merchantOnly = (await manual(own.merchant.id))!;
    expect(merchantOnly).toMatchObject({ subMerchantId: null, amount: '1900.0000' });
    const branchOnly = (await createSettlement({ merchantId: own.merchant.id, subMerchantId: own.branch.id, currency: 'KES', origin: 'MANUAL' }))!;
    expect(branchOnly).toMatchObject({ subMerchantId: own.branch.id, amount: '900.0000' });
    const scoped = await balancesOf(db(), { merchantId: own.merchant.id, subMerchantId: own.branch.id });
    expect(scoped.map((row) => [row.currency, row.subMerchantId, row.settling])).toEqual([['KES', own.branch.id, '900.0000']]);
    await expectLedgerOk(own.merchant.id);

    const shared = await settlementWorld({ branchAccount: false });
    await pay(shared.kes, '2000', { receivedAt: daysAgo(2) });
    await pay(shared.branchKes, '1000', { receivedAt: daysAgo(2) });
    const both = (await manual(shared.merchant.id))!;
    expect(both).toMatchObject({ amount: '2800.0000', entryCount: 2 });
    expect((await settlementEntries(both.id)).map((entry) => [entry.virtualAccountId, entry.amount]).sort()).toEqual(
      [[shared.kes.id, '-1900.0000'], [shared.branchKes.id, '-900.0000']].sort(),
    );
    await expectLedgerOk(shared.merchant.id);
  });
});

describe('the schedule\'s batch', () => {
  it('settles many buckets as createSettlement would: below the minimum waits, reversals take the single path, once per day', async () => {
    const a = await settlementWorld();
    const b = await settlementWorld();
    await pay(a.kes, '1000', { receivedAt: daysAgo(2) });
    await pay(a.usd, '150', { receivedAt: daysAgo(2) });
    await pay(a.branchKes, '300', { receivedAt: daysAgo(2) }); // net 200: below the branch's minimum
    const reversed = await pay(b.kes, '5000', { receivedAt: daysAgo(3) });
    await pay(b.kes, '2000', { receivedAt: daysAgo(3) });
    const earlier = (await manual(b.merchant.id))!;
    await markPaid(earlier.id, {});
    await railReturn(reversed);
    await pay(b.kes, '8000', { receivedAt: daysAgo(2) });
    const accounts = await db().select().from(settlementAccounts).where(inArray(settlementAccounts.merchantId, [a.merchant.id, b.merchant.id]));
    const cutoff = settlementCutoff(new Date(), 1);
    const due = accounts.map((account) => ({ account, cutoff, minimum: account.subMerchantId ? '500' : null }));

    const run = await createScheduledSettlements(due, '2030-02-01');
    // a's branch (net 200 < 500) and b's branch (nothing received) wait; b nets the reversal: 7900 − 4900.
    expect(run.created.map((row) => [row.merchantId, row.currency, row.subMerchantId, row.amount]).sort()).toEqual(
      [
        [a.merchant.id, 'KES', null, '900.0000'],
        [a.merchant.id, 'USD', null, '149.0000'],
        [b.merchant.id, 'KES', null, '3000.0000'],
      ].sort(),
    );
    expect(run.skipped).toBe(accounts.length - 3);
    expect(run.created.every((row) => row.origin === 'SCHEDULED' && row.scheduledFor === '2030-02-01')).toBe(true);
    const keys = run.created.map((row) => `settlement.payout.simulate:${row.id}`);
    const { rows: jobs } = await db().execute(sql`select key from graphile_worker._private_jobs where key = any(${sql.param(keys)}::text[])`);
    expect(jobs).toHaveLength(3); // each one's simulated payout queued, as queuePayout queues it
    expect(await eventsOf(a.merchant.id, 'settlement.created')).toHaveLength(2);
    expect((await createScheduledSettlements(due, '2030-02-01')).created).toEqual([]);
    await expectLedgerOk(a.merchant.id);
    await expectLedgerOk(b.merchant.id);
  });
});

describe('ledger:check', () => {
  it('names the settlement invariant each kind of damage breaks', async () => {
    const { merchant, kes } = await settlementWorld();
    const payment = await pay(kes, '1000', { receivedAt: daysAgo(2) });
    await pay(kes, '2000', { receivedAt: daysAgo(2) });
    const settlement = (await manual(merchant.id))!;
    await expectLedgerOk(merchant.id);
    const broken = async () => (await checkLedger({ merchantId: merchant.id })).problems.map((problem) => problem.invariant);

    await db().update(payments).set({ settlementId: randomUUID() }).where(eq(payments.id, payment.id));
    expect(await broken()).toEqual(['every payment\'s net is in at most one standing settlement, and its settlement id names that one']);
    await db().update(payments).set({ settlementId: settlement.id }).where(eq(payments.id, payment.id));

    // Settlement finds what is due in unsettled_payments: a payment missing there would never be paid out.
    const queueBroken = ['every payment that may still be paid out and is in no settlement is queued for settlement where it was received, and no other is'];
    const recent = await pay(kes, '300', { receivedAt: new Date() });
    await db().execute(sql`delete from unsettled_payments where payment_id = ${recent.id}`);
    expect(await broken()).toEqual(queueBroken);
    await db().execute(sql`insert into unsettled_payments (payment_id, payment_created_at, merchant_id, currency, received_at) values (${recent.id}, ${recent.createdAt.toISOString()}, ${merchant.id}, 'KES', ${daysAgo(3).toISOString()})`);
    expect(await broken()).toEqual(queueBroken);
    await db().execute(sql`update unsettled_payments set received_at = ${recent.receivedAt.toISOString()} where payment_id = ${recent.id}`);
    await db().execute(sql`insert into unsettled_payments (payment_id, payment_created_at, merchant_id, currency, received_at) values (${payment.id}, ${payment.createdAt.toISOString()}, ${merchant.id}, 'KES', ${payment.receivedAt.toISOString()})`);
    expect(await broken()).toEqual(queueBroken);
    await db().execute(sql`delete from unsettled_payments where payment_id = ${payment.id}`);
    await expectLedgerOk(merchant.id);

    // Money leaving the account outside any settlement: the entries still sum, the money equation does not.
    await db().execute(sql`update balance_entries set amount = amount - 1 where settlement_id = ${settlement.id}`);
    await db().execute(sql`update virtual_accounts set balance = balance - 1 where id = ${kes.id}`);
    expect(await broken()).toEqual(expect.arrayContaining([
      'a settlement\'s entries name an existing settlement of their merchant and sum to minus its amount while it stands, to zero once released',
      'per merchant and currency, PAID + available + pending + reserved + settling = collected − fees − reversals',
    ]));
    await db().execute(sql`update balance_entries set amount = amount + 1 where settlement_id = ${settlement.id}`);
    await db().execute(sql`update virtual_accounts set balance = balance + 1 where id = ${kes.id}`);

    await db().execute(sql`update payments set fee_amount = fee_amount + 1, net_amount = net_amount - 1 where id = ${payment.id}`);
    expect(await broken()).toEqual(expect.arrayContaining(['a payment\'s fee is what its recorded fee rule charges']));
    await db().execute(sql`update payments set fee_amount = fee_amount - 1, net_amount = net_amount + 1 where id = ${payment.id}`);

    await markPaid(settlement.id, { providerReference: 'X' });
    await db().insert(events).values({ merchantId: merchant.id, type: 'settlement.paid', data: { id: settlement.id } });
    expect(await broken()).toEqual(['no settlement is paid twice']);
  });
});

describe('concurrency', () => {
  it('two settlements created at once settle each payment exactly once', async () => {
    const { merchant, kes, branchKes } = await settlementWorld({ branchAccount: false });
    const paid = [];
    for (let index = 0; index < 20; index += 1) paid.push(await pay(index % 2 ? kes : branchKes, String(500 + index), { receivedAt: daysAgo(2, index) }));
    const results = await Promise.all([manual(merchant.id), manual(merchant.id), manual(merchant.id, 'KES', { ceiling: '3000' })]);
    const made = results.filter((result) => result !== null);
    expect(made.reduce((sum, settlement) => sum + settlement!.entryCount, 0)).toBe(20);
    const rows = await db().select().from(payments).where(eq(payments.merchantId, merchant.id));
    expect(rows.every((row) => made.some((settlement) => settlement!.id === row.settlementId))).toBe(true);
    await expectLedgerOk(merchant.id);
  });

  it('a settlement and a reversal racing for one payment: the payment is either settled or held for its reversal, never both counted', async () => {
    const { merchant, kes } = await settlementWorld();
    const payment = await pay(kes, '1000', { receivedAt: daysAgo(2) });
    await pay(kes, '800', { receivedAt: daysAgo(2) });
    const [settlement] = await Promise.all([manual(merchant.id), railReturn(payment)]);
    const after = await paymentNow(payment.id);
    expect(after.status).toBe('REVERSED');
    const balance = await balanceOf(merchant.id);
    // Either way the merchant ends owed the same: 700 paid out and 0 available, or 1600 paid out and −900 available.
    expect([['700.0000', '0.0000'], ['1600.0000', '-900.0000']]).toContainEqual([settlement!.amount, balance.available]);
    await expectLedgerOk(merchant.id);
  });
});

describe('payouts to M-Pesa, which moves whole shillings', () => {
  it('pay the whole shillings and carry the cents to the next payout; a failure on either side owes exactly what was not paid', async () => {
    const { merchant, kes } = await settlementWorld();
    await db().update(settlementAccounts).set({ status: 'DISABLED' }).where(and(eq(settlementAccounts.merchantId, merchant.id), eq(settlementAccounts.currency, 'KES')));
    await db().insert(settlementAccounts).values({ merchantId: merchant.id, currency: 'KES', kind: 'MPESA', accountName: 'Duka Ltd', phone: '254712345678' });
    // M-Pesa payments of KES 1,050 are charged 1% (10.50): a net of 1,039.50 each.
    await pay(kes, '1050', { receivedAt: daysAgo(3), mpesa: true });
    const first = (await manual(merchant.id))!;
    expect(first).toMatchObject({ amount: '1039.0000', broughtForward: '0.0000', carriedForward: '0.5000', grossAmount: '1050.0000', feeAmount: '10.5000' });
    await expectLedgerOk(merchant.id);
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '0.5000', settling: '1039.0000' });

    await pay(kes, '1050', { receivedAt: daysAgo(2), mpesa: true });
    const second = (await manual(merchant.id))!;
    expect(second).toMatchObject({ amount: '1040.0000', broughtForward: '0.5000', carriedForward: '0.0000' });
    await expectLedgerOk(merchant.id);
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '0.0000' });

    // The second fails: its payment is owed again, and the cents it brought are owed as a carry again.
    await markFailed(second.id, 'insufficient funds in the utility account');
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '1040.0000' });
    const third = (await manual(merchant.id))!;
    expect(third).toMatchObject({ amount: '1040.0000', broughtForward: '0.5000', carriedForward: '0.0000' });

    // Then the first fails after the third brought its cents: its payment is owed again, less the 0.50 the third already paid.
    await markFailed(first.id, 'the recipient\'s number is not registered');
    // Owed: the two nets (2,079.00) less the 1,040.00 the third paid.
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '1039.0000' });
    const fourth = (await manual(merchant.id))!;
    expect(fourth).toMatchObject({ amount: '1039.0000', broughtForward: '-0.5000', carriedForward: '0.0000' });
    await expectLedgerOk(merchant.id);
    // Paid in all: 1,040 + 1,039 = the two nets, 2 × 1,039.50, to the cent.
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '0.0000', settling: '2079.0000' });
  });

  it('the schedule\'s batch path carries and brings forward cents as a single payout does', async () => {
    const { merchant, kes } = await settlementWorld({ branchAccount: false });
    await db().update(settlementAccounts).set({ status: 'DISABLED' }).where(and(eq(settlementAccounts.merchantId, merchant.id), eq(settlementAccounts.currency, 'KES')));
    const [mpesa] = await db().insert(settlementAccounts).values({ merchantId: merchant.id, currency: 'KES', kind: 'MPESA', accountName: 'Duka Ltd', phone: '254712345678' }).returning();
    const due = () => [{ account: mpesa!, cutoff: settlementCutoff(new Date(), 1), minimum: null }];
    await pay(kes, '1050', { receivedAt: daysAgo(3), mpesa: true });
    const [first] = (await createScheduledSettlements(due(), '2030-03-01')).created;
    expect(first).toMatchObject({ amount: '1039.0000', broughtForward: '0.0000', carriedForward: '0.5000' });
    await expectLedgerOk(merchant.id);
    await pay(kes, '1050', { receivedAt: daysAgo(2), mpesa: true });
    const [second] = (await createScheduledSettlements(due(), '2030-03-02')).created;
    expect(second).toMatchObject({ amount: '1040.0000', broughtForward: '0.5000', carriedForward: '0.0000' });
    await expectLedgerOk(merchant.id);
    expect(await balanceOf(merchant.id)).toMatchObject({ available: '0.0000', settling: '2079.0000' });
  });

  it('a carry of cents alone is nothing to pay out', async () => {
    const { merchant, kes } = await settlementWorld();
    await db().update(settlementAccounts).set({ status: 'DISABLED' }).where(and(eq(settlementAccounts.merchantId, merchant.id), eq(settlementAccounts.currency, 'KES')));
    await db().insert(settlementAccounts).values({ merchantId: merchant.id, currency: 'KES', kind: 'PAYBILL', accountName: 'Duka Ltd', paybill: '888880', accountReference: 'DUKA' });
    await pay(kes, '1', { receivedAt: daysAgo(3), mpesa: true });
    // A KES 1 payment is charged KES 1 (the minimum fee): nothing is owed.
    expect(await manual(merchant.id)).toBeNull();
    await expectLedgerOk(merchant.id);
  });
});
