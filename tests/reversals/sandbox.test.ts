import { eq } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPayments } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { startWorker } from '@/lib/platform/jobs/worker';
import { SIMULATE_REVERSAL_TASK } from '@/lib/reversals/simulator-timing';
import { tasks } from '@/lib/service/tasks';
import { expectExactKeys, newBill, signedInMerchant, signedInUser } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import {
  accountRow,
  dailyTotalsOf,
  entriesOfPayment,
  eventsOf,
  expectLedgerClean,
  fetchPayment,
  listReversals,
  paymentRow,
  payOut,
  REVERSAL_KEYS,
  reversalRows,
  reverse,
  settledPayment,
} from './support';

const api = useTestApi();

// Only the simulator's task: other test files' jobs stay with their own workers.
let worker: Runner | undefined;
beforeAll(async () => {
  worker = await startWorker({ tasks: { [SIMULATE_REVERSAL_TASK]: tasks[SIMULATE_REVERSAL_TASK]! }, concurrency: 2 });
});
afterAll(() => worker?.stop());

async function pay(token: string, json: Record<string, unknown>) {
  const response = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { channel: 'MOBILE_MONEY', ...json } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; status: string; amount: number; expectedPaymentId: string | null };
}

describe('reversing a sandbox M-Pesa payment', () => {
  it('goes REVERSAL_PENDING, then REVERSED within seconds: a DEBIT entry, the fee refunded, balance and totals down, the bill reopened, events', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { amount: '1000' });
    const other = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 250 });
    const payment = await pay(token, { accountNumber: `${virtualAccount.accountNumber}#${bill.paymentReference}`, amount: 1000, payerPhone: '254712345678' });
    expect(payment.expectedPaymentId).toBe(bill.id);
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id)))[0]!.status).toBe('PAID');
    expect(await accountRow(virtualAccount.id)).toMatchObject({ balance: '1250.0000', feeBalance: '12.5000' });

    const response = await reverse(api, token, payment.id, { json: { remarks: 'Paid twice by mistake' } });
    expect(response.status).toBe(202);
    const requested = await response.json();
    expectExactKeys(requested, REVERSAL_KEYS);
    expect(requested).toMatchObject({ paymentId: payment.id, rail: 'MPESA', origin: 'MERCHANT', status: 'REQUESTED', amount: 1000, feeAmount: 10, remarks: 'Paid twice by mistake', completedAt: null });
    expect((await fetchPayment(api, token, payment.id)).status).toBe('REVERSAL_PENDING');

    const done = await settledPayment(api, token, payment.id);
    expect(done.status).toBe('REVERSED');
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ id: requested.id, status: 'CONFIRMED', resultCode: '0', railReference: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/), completedAt: expect.any(String) });

    const entries = await entriesOfPayment(payment.id);
    expect(entries.map((entry) => [entry.type, entry.amount, entry.balanceAfter])).toEqual([
      ['CREDIT', '1000.0000', '1250.0000'],
      ['FEE', '10.0000', '12.5000'],
      ['DEBIT', '-1000.0000', '250.0000'],
      ['FEE', '-10.0000', '2.5000'],
    ]);
    expect(await accountRow(virtualAccount.id)).toMatchObject({ balance: '250.0000', feeBalance: '2.5000' });
    expect(await dailyTotalsOf(virtualAccount.id)).toEqual([{ count: 1, total: '250.0000' }]);

    const summary = await (await api.request('GET', '/merchants/me/payments/summary', { token })).json();
    expect(summary).toMatchObject({ paymentCount: 1, totalAmount: 250 });
    // The list still shows the reversed payment, as such.
    const listed = await (await api.request('GET', '/merchants/me/payments', { token })).json();
    expect(listed.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([[payment.id, 'REVERSED'], [other.id, 'RECEIVED']]);

    const [reopened] = await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id));
    expect(reopened).toMatchObject({ status: 'OPEN', amountPaid: '0.0000', matchedCreditId: null });
    const [reversedEvent] = await eventsOf(merchant.id, 'payment.reversed');
    expect(reversedEvent!.data).toMatchObject({ id: payment.id, status: 'REVERSED', amount: 1000 });
    const [reopenedEvent] = await eventsOf(merchant.id, 'expected_payment.reopened');
    expect(reopenedEvent!.data).toMatchObject({ id: bill.id, status: 'OPEN', matchedCreditId: null });
    await expectLedgerClean(merchant.id);
  });

  it('reopens a paid bill as PARTIALLY_PAID when other payments still count, and as EXPIRED once its time has passed', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id, { amount: '1000' });
    const first = await pay(token, { accountNumber: `${virtualAccount.accountNumber}#${bill.paymentReference}`, amount: 400 });
    const second = await pay(token, { accountNumber: `${virtualAccount.accountNumber}#${bill.paymentReference}`, amount: 600 });
    await reverse(api, token, second.id);
    expect((await settledPayment(api, token, second.id)).status).toBe('REVERSED');
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id)))[0]).toMatchObject({ status: 'PARTIALLY_PAID', amountPaid: '400.0000' });

    const { bill: lapsing } = await newBill(merchant.id, { amount: '300' });
    const paid = await pay(token, { accountNumber: `${virtualAccount.accountNumber}#${lapsing.paymentReference}`, amount: 300 });
    await db().update(expectedPayments).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(expectedPayments.id, lapsing.id));
    await reverse(api, token, paid.id);
    expect((await settledPayment(api, token, paid.id)).status).toBe('REVERSED');
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, lapsing.id)))[0]).toMatchObject({ status: 'EXPIRED', amountPaid: '0.0000' });
    expect(first.id).not.toBe(second.id);
    await expectLedgerClean(merchant.id);
  });

  it('opens a paid bill\'s one-time invoice account again when the payment that settled it is reversed', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const { bill, account } = await newBill(merchant.id, { amount: '500', invoiceAccount: true });
    const payment = await pay(token, { accountNumber: account!.accountNumber, amount: 500 });
    expect((await accountRow(account!.id)).status).toBe('CLOSED');
    await reverse(api, token, payment.id);
    expect((await settledPayment(api, token, payment.id)).status).toBe('REVERSED');
    expect((await accountRow(account!.id)).status).toBe('ACTIVE');
    expect((await db().select().from(expectedPayments).where(eq(expectedPayments.id, bill.id)))[0]!.status).toBe('OPEN');
    await expectLedgerClean(merchant.id);
  });

  it('leaves the payment RECEIVED with M-Pesa\'s reason when the simulated reversal fails, and nothing moves', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 700, payerPhone: '254700000007' });
    expect((await reverse(api, token, payment.id)).status).toBe(202);
    expect((await settledPayment(api, token, payment.id)).status).toBe('RECEIVED');
    const [failed] = await listReversals(api, token, payment.id);
    expect(failed).toMatchObject({ status: 'FAILED', resultCode: 'R000001', reason: 'The transaction has already been reversed.' });
    expect(await accountRow(virtualAccount.id)).toMatchObject({ balance: '700.0000' });
    expect(await entriesOfPayment(payment.id)).toHaveLength(2);
    expect(await eventsOf(merchant.id, 'payment.reversed')).toHaveLength(0);
    // A failed attempt does not block another.
    expect((await reverse(api, token, payment.id)).status).toBe(202);
    await settledPayment(api, token, payment.id);
    expect(await listReversals(api, token, payment.id)).toHaveLength(2);
    await expectLedgerClean(merchant.id);
  });

  it('reverses a sandbox bank transfer through the simulated bank return', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 2500, channel: 'INSTANT_BANK' });
    expect((await reverse(api, token, payment.id)).status).toBe(202);
    expect((await settledPayment(api, token, payment.id)).status).toBe('REVERSED');
    const [reversal] = await listReversals(api, token, payment.id);
    expect(reversal).toMatchObject({ rail: 'BANK', origin: 'MERCHANT', status: 'CONFIRMED', railReference: expect.stringMatching(/^RT/) });
    expect((await accountRow(virtualAccount.id)).balance).toBe('0.0000');
    await expectLedgerClean(merchant.id);
  });
});

describe('asking twice', () => {
  it('replays the first answer for the same Idempotency-Key, asking the rail once', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 300 });
    const first = await reverse(api, token, payment.id, { key: 'reverse-once' });
    const again = await reverse(api, token, payment.id, { key: 'reverse-once' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await reversalRows(payment.id)).toHaveLength(1);
    await settledPayment(api, token, payment.id);
  });

  it('makes one reversal of concurrent requests with different keys; the others are told it is in progress', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 300 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => reverse(api, token, payment.id)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409)) expect((await answer.json()).code).toBe('reversal_in_progress');
    expect(await reversalRows(payment.id)).toHaveLength(1);
    expect((await settledPayment(api, token, payment.id)).status).toBe('REVERSED');
    const again = await reverse(api, token, payment.id);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('already_reversed');
    expect(await entriesOfPayment(payment.id)).toHaveLength(4);
    await expectLedgerClean(merchant.id);
  });

  it('refuses a reversal the account cannot cover: 409 insufficient_balance, counting reversals already waiting, nothing changed', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const first = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 600 });
    const second = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 600 });
    // The first payment's net is paid out (whole payments, oldest first, up to 600): the account
    // keeps the second's 600 and the first's fee, which cannot cover both reversals.
    const paidOut = await payOut(merchant.id, '600');
    expect(paidOut.entryCount).toBe(1);
    const left = (1200 - Number(paidOut.amount) - 600).toFixed(2);
    expect((await reverse(api, token, first.id)).status).toBe(202);
    const refused = await reverse(api, token, second.id);
    expect(refused.status).toBe(409);
    const problem = await refused.json();
    expect(problem).toMatchObject({ code: 'insufficient_balance', available: Number(left), required: 600 });
    expect(problem.detail).toContain(`${Number(left)} KES`);
    expect((await paymentRow(second.id)).status).toBe('RECEIVED');
    expect(await reversalRows(second.id)).toHaveLength(0);
    await settledPayment(api, token, first.id);
    expect((await accountRow(virtualAccount.id)).balance).toBe(`${left}00`);
    await expectLedgerClean(merchant.id);
  });
});

describe('who may reverse', () => {
  it('refuses SUPPORT users (403) and answers another merchant\'s payment as unknown (404)', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 100 });
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect((await reverse(api, support, payment.id)).status).toBe(403);
    const stranger = await signedInMerchant(api, 'Another Merchant');
    const foreign = await reverse(api, stranger.token, payment.id);
    expect(foreign.status).toBe(404);
    expect((await api.request('GET', `/merchants/me/payments/${payment.id}/reversals`, { token: stranger.token })).status).toBe(404);
    expect(await reversalRows(payment.id)).toHaveLength(0);
    expect((await paymentRow(payment.id)).status).toBe('RECEIVED');
  });

  it('asks for an Idempotency-Key and sensible remarks: 422 naming the field, nothing changed', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const payment = await pay(token, { accountNumber: virtualAccount.accountNumber, amount: 100 });
    const keyless = await reverse(api, token, payment.id, { key: null });
    expect(keyless.status).toBe(422);
    expect((await keyless.json()).errors).toEqual([expect.objectContaining({ path: 'header.idempotency-key' })]);
    const badRemarks = await reverse(api, token, payment.id, { json: { remarks: 'x' } });
    expect(badRemarks.status).toBe(422);
    expect((await badRemarks.json()).errors).toEqual([expect.objectContaining({ path: 'remarks' })]);
    expect(await reversalRows(payment.id)).toHaveLength(0);
  });
});
