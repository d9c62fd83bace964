import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { expectedPayments } from '@/lib/bills/schema';
import { balanceEntries } from '@/lib/ledger/schema';
import { checkLedger } from '@/lib/ledger/check';
import { events } from '@/lib/events/schema';
import { readRailAmount } from '@/lib/money/rail-amount';
import { ingestPayment, ingestRailPayment } from '@/lib/payments/ingest';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { assignSuspense, listOperatorSuspense } from '@/lib/suspense/assign';
import { useTestApi } from '../support/api-server';
import { newSubMerchant, newUser, signIn } from '../support/fixtures';
import { accountById, createBill, getBill, mpesa, signedInMerchant } from '../payments/support';

const api = useTestApi();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field, as a client would
type Json = Record<string, any>;
const call = async (method: string, path: string, token: string, json?: unknown) => {
  const response = await api.request(method, path, { token, json });
  return { status: response.status, body: (await response.json()) as Json, type: response.headers.get('content-type') };
};

/** Money in USD for a KES account: the rail has confirmed it, so it waits in the merchant's suspense. */
async function dollarsInSuspense(accountNumber: string, amount = '120.50') {
  const inbound = mpesa(accountNumber, amount, { currency: 'USD', narration: 'school fees' });
  expect(await ingestPayment(inbound, { strict: false })).toMatchObject({ outcome: 'suspense', reason: 'WRONG_CURRENCY' });
  return inbound;
}

const usdAccount = (merchantId: string, subMerchantId: string | null = null) =>
  insertVirtualAccount(db(), { merchantId, subMerchantId, ownerType: 'MERCHANT', ownerId: merchantId, purpose: 'LEGACY', accountName: 'Dollar account', accountType: 'STATIC', currency: 'USD' });

const suspenseOf = async (token: string, query = '') => (await call('GET', `/merchants/me/suspense${query}`, token)).body as unknown as Json[];

describe('suspense a merchant can see and work off', () => {
  it('lists the money its accounts could not take, and no other merchant sees it', async () => {
    const owner = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const inbound = await dollarsInSuspense(owner.virtualAccount.accountNumber);

    const [row] = await suspenseOf(owner.token);
    expect(row).toMatchObject({
      rail: 'MPESA',
      channel: 'MOBILE_MONEY',
      providerReference: inbound.providerReference,
      accountNumber: owner.virtualAccount.accountNumber,
      amount: 120.5,
      currency: 'USD',
      reason: 'WRONG_CURRENCY',
      status: 'OPEN',
      virtualAccountId: owner.virtualAccount.id,
      payerName: 'Achieng Otieno',
      narration: 'school fees',
      resolvedPaymentId: null,
    });
    expect(await suspenseOf(other.token)).toEqual([]);
    expect((await call('GET', `/merchants/me/suspense/${row!.id}`, other.token)).status).toBe(404);
    expect((await call('GET', `/merchants/me/suspense/${row!.id}`, owner.token)).body.id).toBe(row!.id);
    expect(await suspenseOf(owner.token, '?status=RESOLVED')).toEqual([]);
  });

  it("shows a sub-merchant's suspense to that sub-merchant's users only", async () => {
    const owner = await signedInMerchant(api);
    const branch = await newSubMerchant(owner.merchant.id);
    const branchAccount = await insertVirtualAccount(db(), {
      merchantId: owner.merchant.id, subMerchantId: branch.id, ownerType: 'MERCHANT', ownerId: owner.merchant.id, purpose: 'LEGACY', accountName: 'Branch', accountType: 'STATIC', currency: 'KES',
    });
    await dollarsInSuspense(branchAccount.accountNumber);
    await dollarsInSuspense(owner.virtualAccount.accountNumber);
    const scoped = await newUser(owner.merchant.id, 'PLAIN_MERCHANT', branch.id);
    const { accessToken } = await signIn(api, scoped.user.email, scoped.password);
    const seen = await suspenseOf(accessToken);
    expect(seen.map((row) => row.virtualAccountId)).toEqual([branchAccount.id]);
    expect(await suspenseOf(owner.token)).toHaveLength(2);
  });

  it('credits it once into an account of its currency: ledger, balance, totals, event, same provider reference', async () => {
    const owner = await signedInMerchant(api);
    const inbound = await dollarsInSuspense(owner.virtualAccount.accountNumber, '120.50');
    const [row] = await suspenseOf(owner.token);

    const wrong = await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: owner.virtualAccount.id });
    expect(wrong).toMatchObject({ status: 422, type: 'application/problem+json', body: { code: 'currency_mismatch' } });

    const dollars = await usdAccount(owner.merchant.id);
    const resolved = await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: dollars.id, note: 'Paid in dollars by mistake' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.suspense).toMatchObject({ status: 'RESOLVED', virtualAccountId: dollars.id, resolutionNote: 'Paid in dollars by mistake' });
    expect(resolved.body.payment).toMatchObject({ providerReference: inbound.providerReference, amount: 120.5, currency: 'USD', virtualAccountId: dollars.id, payerName: 'Achieng Otieno', matchStatus: 'UNMATCHED' });
    expect(resolved.body.suspense.resolvedPaymentId).toBe(resolved.body.payment.id);

    // Asked again: the same payment, nothing credited twice.
    const again = await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: dollars.id });
    expect(again.body.payment.id).toBe(resolved.body.payment.id);
    expect((await accountById(dollars.id)).balance).toBe('120.5000');
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.paymentId, resolved.body.payment.id));
    // USD has no M-Pesa rule (M-Pesa moves KES only: docs/pricing.md), so no fee: a credit alone.
    expect(entries.map((entry) => entry.type).sort()).toEqual(['CREDIT']);
    const received = await db().select().from(events).where(and(eq(events.type, 'payment.received'), sql`${events.data}->>'id' = ${resolved.body.payment.id}`));
    expect(received).toHaveLength(1);
    // A late redelivery of the rail's callback is now a duplicate of that payment.
    expect(await ingestPayment(inbound, { strict: false })).toMatchObject({ outcome: 'recorded', duplicate: true, payment: { id: resolved.body.payment.id } });
    expect(await checkLedger({ merchantId: owner.merchant.id })).toMatchObject({ ok: true, problems: [] });
  });

  it('two resolutions at once credit once and answer the same payment', async () => {
    const owner = await signedInMerchant(api);
    await dollarsInSuspense(owner.virtualAccount.accountNumber, '75');
    const [row] = await suspenseOf(owner.token);
    const dollars = await usdAccount(owner.merchant.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: dollars.id })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.payment.id)).size).toBe(1);
    expect((await accountById(dollars.id)).balance).toBe('75.0000');
    expect(await checkLedger({ merchantId: owner.merchant.id })).toMatchObject({ ok: true });
  });

  it('refuses a closed account, another merchant\'s account, and a support user', async () => {
    const owner = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    await dollarsInSuspense(owner.virtualAccount.accountNumber);
    const [row] = await suspenseOf(owner.token);
    const theirs = await usdAccount(other.merchant.id);
    expect((await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: theirs.id })).status).toBe(404);
    const closed = await usdAccount(owner.merchant.id);
    await db().execute(sql`update virtual_accounts set status = 'CLOSED' where id = ${closed.id}`);
    expect((await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: closed.id })).body.code).toBe('account_closed');
    expect((await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, {})).status).toBe(422);

    const support = await newUser(owner.merchant.id, 'SUPPORT');
    const { accessToken } = await signIn(api, support.user.email, support.password);
    expect(await suspenseOf(accessToken)).toHaveLength(1);
    expect((await call('POST', `/merchants/me/suspense/${row!.id}/return`, accessToken, {})).status).toBe(403);
    const [stored] = await db().select().from(suspensePayments).where(eq(suspensePayments.id, row!.id));
    expect(stored!.status).toBe('OPEN');
  });

  it('only returns money whose amount is not money, and a returned row is never credited', async () => {
    const owner = await signedInMerchant(api);
    const { amount: _amount, ...inbound } = mpesa(owner.virtualAccount.accountNumber, '0');
    expect(await ingestRailPayment(inbound, readRailAmount('12,5O', 'KES'))).toMatchObject({ outcome: 'suspense', reason: 'UNREADABLE_AMOUNT' });
    const [row] = await suspenseOf(owner.token);
    expect(row).toMatchObject({ amount: null, amountText: '12,5O', virtualAccountId: owner.virtualAccount.id });

    const refused = await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: owner.virtualAccount.id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'amount_not_money' } });
    const returned = await call('POST', `/merchants/me/suspense/${row!.id}/return`, owner.token, { note: 'Payer called: refund to 0712345678' });
    expect(returned.body).toMatchObject({ status: 'RETURN_REQUESTED', resolutionNote: 'Payer called: refund to 0712345678' });
    expect(returned.body.returnRequestedAt).toEqual(expect.any(String));
    expect((await call('POST', `/merchants/me/suspense/${row!.id}/return`, owner.token, {})).body.returnRequestedAt).toBe(returned.body.returnRequestedAt);
    expect(await suspenseOf(owner.token, '?status=OPEN')).toEqual([]);
    expect((await call('POST', `/merchants/me/suspense/${row!.id}/resolve`, owner.token, { virtualAccountId: owner.virtualAccount.id })).body.code).toBe('return_requested');
    expect((await accountById(owner.virtualAccount.id)).balance).toBe('0.0000');
  });

  it('lets an operator give suspense of a mistyped account number to the right merchant, who credits it to a bill', async () => {
    const owner = await signedInMerchant(api);
    const number = owner.virtualAccount.accountNumber;
    const typo = number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);
    const inbound = mpesa(typo, '1500');
    expect(await ingestPayment(inbound, { strict: false })).toMatchObject({ outcome: 'suspense', reason: 'INVALID_CHECK_DIGIT' });
    expect(await suspenseOf(owner.token)).toEqual([]);
    const [unassigned] = (await listOperatorSuspense({ all: false, limit: 1000 })).filter((row) => row.providerReference === inbound.providerReference);
    expect(unassigned).toBeDefined();

    expect(await assignSuspense(unassigned!.id, '0000000000')).toEqual({ ok: false, reason: 'unknown_account' });
    expect(await assignSuspense(randomUUID(), number)).toEqual({ ok: false, reason: 'not_found' });
    expect(await assignSuspense(unassigned!.id, number)).toMatchObject({ ok: true, suspense: { merchantId: owner.merchant.id, virtualAccountId: owner.virtualAccount.id } });
    expect(await assignSuspense(unassigned!.id, number)).toEqual({ ok: false, reason: 'already_assigned' });

    const bill = await createBill(api, owner.token, { amount: 1500 });
    const resolved = await call('POST', `/merchants/me/suspense/${unassigned!.id}/resolve`, owner.token, { expectedPaymentId: bill.id });
    expect(resolved.status).toBe(200);
    expect(resolved.body.payment).toMatchObject({ expectedPaymentId: bill.id, matchStatus: 'MATCHED', virtualAccountId: bill.virtualAccountId, providerReference: inbound.providerReference });
    expect(await getBill(api, owner.token, bill.id)).toMatchObject({ status: 'PAID', matchedCreditId: resolved.body.payment.id });
    // A paid bill takes nothing more.
    const later = await dollarsInSuspense(number);
    const [next] = (await suspenseOf(owner.token, '?status=OPEN')).filter((row) => row.providerReference === later.providerReference);
    expect((await call('POST', `/merchants/me/suspense/${next!.id}/resolve`, owner.token, { expectedPaymentId: bill.id })).body.code).toBe('bill_closed');
    expect(await checkLedger({ merchantId: owner.merchant.id })).toMatchObject({ ok: true });
  });
});

describe('payments that need attention', () => {
  /** A bill paid in full, then paid again: the second payment needs a person. */
  async function paidTwice(owner: Awaited<ReturnType<typeof signedInMerchant>>) {
    const bill = await createBill(api, owner.token, { amount: 800 });
    await ingestPayment(mpesa(bill.virtualAccountNumber!, '800'), { strict: false });
    const second = await ingestPayment(mpesa(bill.virtualAccountNumber!, '500'), { strict: false });
    if (second.outcome !== 'recorded') throw new Error('not recorded');
    expect(second.payment.matchStatus).toBe('NEEDS_ATTENTION');
    return { bill, payment: second.payment };
  }

  it('moves one onto another open bill of the merchant: the bill counts it, the money stays put', async () => {
    const owner = await signedInMerchant(api);
    const { bill: first, payment } = await paidTwice(owner);
    const waiting = await call('GET', '/merchants/me/payments?needsAttention=true', owner.token);
    expect((waiting.body as unknown as Json[]).map((row) => row.id)).toEqual([payment.id]);

    const other = await signedInMerchant(api);
    const theirs = await createBill(api, other.token, { amount: 500 });
    expect((await call('POST', `/merchants/me/payments/${payment.id}/move`, owner.token, { expectedPaymentId: theirs.id })).status).toBe(404);
    expect((await call('POST', `/merchants/me/payments/${payment.id}/move`, owner.token, { expectedPaymentId: first.id })).body.code).toBe('same_bill');

    const target = await createBill(api, owner.token, { amount: 1200 });
    const moved = await call('POST', `/merchants/me/payments/${payment.id}/move`, owner.token, { expectedPaymentId: target.id, note: 'Second term fees' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      expectedPaymentId: target.id,
      matchStatus: 'PARTIAL',
      virtualAccountId: payment.virtualAccountId,
      attention: { resolution: 'MOVED', note: 'Second term fees', movedFromExpectedPaymentId: first.id },
    });
    const paidOf = async (billId: string) => (await db().select().from(expectedPayments).where(eq(expectedPayments.id, billId)))[0]!;
    expect(await paidOf(target.id)).toMatchObject({ status: 'PARTIALLY_PAID', amountPaid: '500.0000' });
    // Again onto the same bill: the same answer, counted once.
    expect((await call('POST', `/merchants/me/payments/${payment.id}/move`, owner.token, { expectedPaymentId: target.id })).status).toBe(200);
    expect(await paidOf(target.id)).toMatchObject({ amountPaid: '500.0000' });
    const partial = await db().select().from(events).where(and(eq(events.type, 'expected_payment.partially_paid'), sql`${events.data}->>'id' = ${target.id}`));
    expect(partial).toHaveLength(1);
    expect((await call('GET', '/merchants/me/payments?needsAttention=true', owner.token)).body).toEqual([]);
    expect((await accountById(payment.virtualAccountId)).balance).toBe('1300.0000');
    // It stays findable among the payments dealt with, for the portal's "Recently dealt with".
    const dealtWith = await call('GET', '/merchants/me/payments?attentionDealtWith=true', owner.token);
    expect((dealtWith.body as unknown as Json[]).map((row) => row.id)).toEqual([payment.id]);
    expect(await checkLedger({ merchantId: owner.merchant.id })).toMatchObject({ ok: true });
  });

  it('marks one resolved with a note; a support user may only look', async () => {
    const owner = await signedInMerchant(api);
    const { payment } = await paidTwice(owner);
    const support = await newUser(owner.merchant.id, 'SUPPORT');
    const { accessToken } = await signIn(api, support.user.email, support.password);
    expect((await call('POST', `/merchants/me/payments/${payment.id}/resolve`, accessToken, { note: 'x' })).status).toBe(403);
    expect((await call('POST', `/merchants/me/payments/${payment.id}/resolve`, owner.token, { note: '' })).status).toBe(422);

    const noted = await call('POST', `/merchants/me/payments/${payment.id}/resolve`, owner.token, { note: 'Refunded by cheque 0042' });
    expect(noted.body).toMatchObject({ matchStatus: 'NEEDS_ATTENTION', attention: { resolution: 'NOTED', note: 'Refunded by cheque 0042', movedFromExpectedPaymentId: null } });
    expect((await call('GET', '/merchants/me/payments?needsAttention=true', owner.token)).body).toEqual([]);
    expect(((await call('GET', '/merchants/me/payments?attentionDealtWith=true', owner.token)).body as unknown as Json[]).map((row) => row.id)).toEqual([payment.id]);
    const target = await createBill(api, owner.token, { amount: 100 });
    expect((await call('POST', `/merchants/me/payments/${payment.id}/move`, owner.token, { expectedPaymentId: target.id })).body.code).toBe('not_needing_attention');
    expect(await checkLedger({ merchantId: owner.merchant.id })).toMatchObject({ ok: true });
  });
});
