import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { expectExactKeys } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import {
  addAccount,
  balances,
  bankAccount,
  expectProblem,
  forceOutcome,
  json,
  merchantWithAccounts,
  payOutNow,
  SETTLEMENT_KEYS,
  tokenOf,
  type EntryJson,
  type SettlementJson,
} from './api-helpers';
import { pay, railReturn } from './world';

const api = useTestApi();

/** The exact sum of payments' nets, as text, from their stored NUMERIC. */
const netOf = (rows: { netAmount: string }[]) => Number(fromUnits(rows.reduce((sum, row) => sum + toUnits(row.netAmount), 0n)));

async function merchantReadyToSettle() {
  const world = await merchantWithAccounts(api);
  const account = await json<{ id: string }>(await addAccount(api, world.admin, bankAccount()), 201);
  return { ...world, settlementAccountId: account.id };
}

describe('paying out now', () => {
  it('settles every due payment, net of fees, to the active account; the payments name it; a retry with the same key answers the same settlement', async () => {
    const world = await merchantReadyToSettle();
    const due = [await pay(world.kes, '5000'), await pay(world.kes, '1250.50', { mpesa: true })];
    const pendingPayment = await pay(world.kes, '700', { receivedAt: new Date() });

    const before = (await balances(api, world.admin)).find((row) => row.currency === 'KES' && row.subMerchantId === null)!;
    expect(before).toMatchObject({ available: netOf(due), pending: netOf([pendingPayment]), reserved: 0, settling: 0, settlementAccountId: world.settlementAccountId });

    const key = randomUUID();
    const response = await payOutNow(api, world.admin, { currency: 'KES' }, key);
    const settlement = await json<SettlementJson>(response, 201);
    expectExactKeys(settlement, SETTLEMENT_KEYS);
    expect(settlement).toMatchObject({
      currency: 'KES', subMerchantId: null, status: 'PENDING', origin: 'MANUAL', rail: 'SIMULATOR', settlementAccountId: world.settlementAccountId,
      destination: 'Equity Bank ••••6789', entryCount: 2, amount: netOf(due), reversalAmount: 0, scheduledFor: null,
    });
    expect(settlement.grossAmount).toBe(6250.5);
    expect(fromUnits(toUnits(String(settlement.grossAmount)) - toUnits(String(settlement.feeAmount)))).toBe(fromUnits(toUnits(String(settlement.amount))));

    for (const payment of due) {
      const shown = await json<{ settlementId: string | null; feeRule: unknown }>(await api.request('GET', `/merchants/me/payments/${payment.id}`, { token: world.admin }), 200);
      expect(shown.settlementId).toBe(settlement.id);
      expect(shown.feeRule).toMatchObject({ currency: 'KES' });
    }
    const stillPending = await json<{ settlementId: string | null }>(await api.request('GET', `/merchants/me/payments/${pendingPayment.id}`, { token: world.admin }), 200);
    expect(stillPending.settlementId).toBeNull();

    const replay = await payOutNow(api, world.admin, { currency: 'KES' }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await json<SettlementJson>(replay, 201)).id).toBe(settlement.id);

    const after = (await balances(api, world.admin)).find((row) => row.currency === 'KES' && row.subMerchantId === null)!;
    expect(after).toMatchObject({ available: 0, pending: netOf([pendingPayment]), settling: settlement.amount });

    // Once, with the settlement as the API shows it: the webhook's body.
    const events = await json<{ type: string; data: SettlementJson }[]>(await api.request('GET', '/merchants/me/events?type=settlement.created', { token: world.admin }), 200);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ id: settlement.id, amount: settlement.amount, status: 'PENDING' });
  });

  it('answers 422 nothing_to_settle when only pending money is there, and changes nothing', async () => {
    const world = await merchantReadyToSettle();
    const today = await pay(world.kes, '900', { receivedAt: new Date() });
    await expectProblem(await payOutNow(api, world.admin, { currency: 'KES' }), 422, 'nothing_to_settle');
    const list = await json<SettlementJson[]>(await api.request('GET', '/merchants/me/settlements', { token: world.admin }), 200);
    expect(list).toEqual([]);
    const payment = await json<{ settlementId: string | null }>(await api.request('GET', `/merchants/me/payments/${today.id}`, { token: world.admin }), 200);
    expect(payment.settlementId).toBeNull();
  });

  it('answers 409 no_settlement_account for a currency without an active account', async () => {
    const world = await merchantReadyToSettle();
    await pay(world.usd, '300');
    await expectProblem(await payOutNow(api, world.admin, { currency: 'USD' }), 409, 'no_settlement_account');
  });

  it('takes an amount as a ceiling: whole payments, oldest first, within it', async () => {
    const world = await merchantReadyToSettle();
    const oldest = await pay(world.kes, '1000', { receivedAt: new Date(Date.now() - 4 * 86_400_000) });
    await pay(world.kes, '2000', { receivedAt: new Date(Date.now() - 3 * 86_400_000) });
    const ceiling = Number(oldest.netAmount) + 1;
    const settlement = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES', amount: String(ceiling) }), 201);
    expect(settlement).toMatchObject({ amount: Number(oldest.netAmount), entryCount: 1 });
    await expectProblem(await payOutNow(api, world.admin, { currency: 'KES', amount: '1' }), 422, 'nothing_to_settle');
  });

  it('needs an Idempotency-Key and a valid body, and refuses SUPPORT users', async () => {
    const world = await merchantReadyToSettle();
    await pay(world.kes, '500');
    await expectProblem(await payOutNow(api, world.admin, { currency: 'KES' }, null), 422, 'validation_failed');
    await expectProblem(await payOutNow(api, world.admin, { currency: 'XXX' }), 422, 'validation_failed');
    await expectProblem(await payOutNow(api, world.admin, { currency: 'KES', amount: '12.345' }), 422, 'validation_failed');
    const support = await tokenOf(api, world.merchant.id, 'SUPPORT');
    await expectProblem(await payOutNow(api, support, { currency: 'KES' }), 403, 'forbidden');
    const plain = await tokenOf(api, world.merchant.id, 'PLAIN_MERCHANT');
    expect((await payOutNow(api, plain, { currency: 'KES' })).status).toBe(201);
    expect((await api.request('POST', '/merchants/me/settlements', { json: { currency: 'KES' }, headers: { 'idempotency-key': randomUUID() } })).status).toBe(401);
  });
});

describe('reading settlements', () => {
  it('lists newest first in keyset pages with filters, and another merchant sees none of them', async () => {
    const world = await merchantReadyToSettle();
    const created: SettlementJson[] = [];
    for (let index = 0; index < 3; index += 1) {
      await pay(world.kes, `${1000 + index}`);
      created.push(await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201));
    }
    await json(await forceOutcome(api, world.admin, created[0]!.id, 'FAILED'), 200);

    const first = await api.request('GET', '/merchants/me/settlements?limit=2', { token: world.admin });
    const page1 = await json<SettlementJson[]>(first, 200);
    expect(page1.map((row) => row.id)).toEqual([created[2]!.id, created[1]!.id]);
    const next = first.headers.get('link')!.match(/^<\/api\/v1([^>]+)>; rel="next"$/)![1]!;
    const page2 = await json<SettlementJson[]>(await api.request('GET', next, { token: world.admin }), 200);
    expect(page2.map((row) => row.id)).toEqual([created[0]!.id]);

    const failed = await json<SettlementJson[]>(await api.request('GET', '/merchants/me/settlements?status=FAILED', { token: world.admin }), 200);
    expect(failed.map((row) => row.id)).toEqual([created[0]!.id]);
    expect(await json(await api.request('GET', '/merchants/me/settlements?currency=USD', { token: world.admin }), 200)).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await json(await api.request('GET', `/merchants/me/settlements?from=${future}`, { token: world.admin }), 200)).toEqual([]);
    await expectProblem(await api.request('GET', '/merchants/me/settlements?cursor=nonsense', { token: world.admin }), 422, 'validation_failed');

    const stranger = await merchantReadyToSettle();
    expect(await json(await api.request('GET', '/merchants/me/settlements', { token: stranger.admin }), 200)).toEqual([]);
    await expectProblem(await api.request('GET', `/merchants/me/settlements/${created[1]!.id}`, { token: stranger.admin }), 404, 'not_found');
    await expectProblem(await api.request('GET', `/merchants/me/settlements/${created[1]!.id}/entries`, { token: stranger.admin }), 404, 'not_found');
    await expectProblem(await forceOutcome(api, stranger.admin, created[1]!.id, 'PAID'), 404, 'not_found');
  });

  it('pages the entries, which add up exactly to the settlement, reversal of a settled payment included; the CSV ends with the totals', async () => {
    const world = await merchantReadyToSettle();
    const payments = [await pay(world.kes, '1000.25'), await pay(world.kes, '2000.75', { mpesa: true }), await pay(world.kes, '4000')];
    const first = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201);
    await json(await forceOutcome(api, world.admin, first.id, 'PAID'), 200);
    // Settled, then returned by the bank: the next settlement takes its net back.
    await railReturn(payments[0]!);
    const later = await pay(world.kes, '9000');
    const second = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201);
    expect(second).toMatchObject({ entryCount: 2, grossAmount: 9000, reversalAmount: 1000.25 });
    expect(second.amount).toBe(Number(fromUnits(toUnits(later.netAmount) - toUnits(payments[0]!.netAmount))));

    const entries: EntryJson[] = [];
    let cursor: string | null = null;
    let totals: Record<string, number> | undefined;
    do {
      const query: string = cursor ? `?limit=1&cursor=${cursor}` : '?limit=1';
      const page: { data: EntryJson[]; totals: Record<string, number>; nextCursor: string | null } = await json(
        await api.request('GET', `/merchants/me/settlements/${second.id}/entries${query}`, { token: world.admin }),
        200,
      );
      expect(page.data.length).toBeLessThanOrEqual(1);
      entries.push(...page.data);
      totals = page.totals;
      cursor = page.nextCursor;
    } while (cursor);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['PAYMENT', 'REVERSAL']);
    expect(totals).toEqual({ grossAmount: second.grossAmount, feeAmount: second.feeAmount, reversalAmount: second.reversalAmount, broughtForward: 0, carriedForward: 0, amount: second.amount, entryCount: 2 });
    const units = (value: number) => toUnits(String(value));
    const sum = (pick: (entry: EntryJson) => bigint) => entries.reduce((total, entry) => total + pick(entry), 0n);
    expect(sum((entry) => units(entry.netAmount))).toBe(units(second.amount));
    expect(sum((entry) => (entry.kind === 'PAYMENT' ? units(entry.amount) : 0n))).toBe(units(second.grossAmount));
    expect(sum((entry) => (entry.kind === 'REVERSAL' ? units(entry.amount) : 0n))).toBe(units(second.reversalAmount));
    expect(sum((entry) => (entry.kind === 'PAYMENT' ? units(entry.feeAmount) : -units(entry.feeAmount)))).toBe(units(second.feeAmount));

    const csv = await api.request('GET', `/merchants/me/settlements/${second.id}/entries/csv`, { token: world.admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n').map((row) => row.split(','));
    expect(lines[0]).toEqual(['kind', 'payment_id', 'provider_reference', 'amount', 'fee_amount', 'net_amount', 'currency', 'occurred_at']);
    const body = lines.slice(1, -1);
    const total = lines.at(-1)!;
    expect(body).toHaveLength(2);
    expect(total[0]).toBe('TOTAL');
    for (const column of [3, 4, 5]) expect(body.reduce((acc, row) => acc + toUnits(row[column]!), 0n)).toBe(toUnits(total[column]!));
    expect(toUnits(total[5]!)).toBe(units(second.amount));
    expect(body.find((row) => row[0] === 'REVERSAL')![3]).toMatch(/^-/);
    await expectProblem(await api.request('GET', `/merchants/me/settlements/${second.id}/entries?cursor=bad`, { token: world.admin }), 422, 'validation_failed');
  });
});

describe('sub-merchants and their own settlement accounts', () => {
  it('a branch with its own account is its own bucket, and its scoped user sees and pays out only that one', async () => {
    const world = await merchantReadyToSettle();
    await json(await addAccount(api, world.admin, bankAccount({ subMerchantId: world.branch.id, accountNumber: '0999888877' })), 201);
    const merchantPayment = await pay(world.kes, '3000');
    const branchPayment = await pay(world.branchKes, '1500');
    const branchUser = await tokenOf(api, world.merchant.id, 'PLAIN_MERCHANT', world.branch.id);

    const seen = await balances(api, branchUser);
    expect(seen.map((row) => row.subMerchantId)).toEqual([world.branch.id]);
    expect(seen[0]).toMatchObject({ currency: 'KES', available: Number(branchPayment.netAmount) });
    const all = await balances(api, world.admin);
    expect(all.find((row) => row.currency === 'KES' && row.subMerchantId === null)).toMatchObject({ available: Number(merchantPayment.netAmount) });

    // Naming the merchant's bucket is not possible for a scoped user: it always pays out its own.
    await expectProblem(await payOutNow(api, branchUser, { currency: 'KES', subMerchantId: randomUUID() }), 404, 'not_found');
    const own = await json<SettlementJson>(await payOutNow(api, branchUser, { currency: 'KES' }), 201);
    expect(own).toMatchObject({ subMerchantId: world.branch.id, amount: Number(branchPayment.netAmount), destination: 'Equity Bank ••••8877' });

    const merchants = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201);
    expect(merchants).toMatchObject({ subMerchantId: null, amount: Number(merchantPayment.netAmount) });
    const listed = await json<SettlementJson[]>(await api.request('GET', '/merchants/me/settlements', { token: branchUser }), 200);
    expect(listed.map((row) => row.id)).toEqual([own.id]);
    await expectProblem(await api.request('GET', `/merchants/me/settlements/${merchants.id}`, { token: branchUser }), 404, 'not_found');
    const accounts = await json<{ data: { subMerchantId: string | null }[] }>(await api.request('GET', '/merchants/me/settlement-accounts', { token: branchUser }), 200);
    expect(accounts.data.map((row) => row.subMerchantId)).toEqual([world.branch.id]);
  });

  it('a branch without an account of its own is paid within the merchant\'s settlement; its scoped user has nothing of its own to pay out', async () => {
    const world = await merchantReadyToSettle();
    const branchPayment = await pay(world.branchKes, '1500');
    const branchUser = await tokenOf(api, world.merchant.id, 'PLAIN_MERCHANT', world.branch.id);
    await expectProblem(await payOutNow(api, branchUser, { currency: 'KES' }), 409, 'no_settlement_account');
    const settlement = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201);
    expect(settlement).toMatchObject({ subMerchantId: null, amount: Number(branchPayment.netAmount) });
  });
});

describe('the sandbox outcome route', () => {
  it('fails a settlement (its money back in available at once), returns a paid one, and refuses to pay a failed one', async () => {
    const world = await merchantReadyToSettle();
    const payment = await pay(world.kes, '2500');
    const failing = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201);
    const failed = await json<SettlementJson>(await forceOutcome(api, world.admin, failing.id, 'FAILED'), 200);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed.failureReason).toBeTruthy();
    expect((await balances(api, world.admin)).find((row) => row.currency === 'KES' && row.subMerchantId === null)).toMatchObject({ available: Number(payment.netAmount), settling: 0 });
    await expectProblem(await forceOutcome(api, world.admin, failing.id, 'PAID'), 409, 'settlement_final');
    expect((await json<SettlementJson>(await forceOutcome(api, world.admin, failing.id, 'FAILED'), 200)).status).toBe('FAILED');

    // The failed one's payment is covered again; RETURNED on an unpaid settlement pays it first.
    const again = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'KES' }), 201);
    expect(again.amount).toBe(Number(payment.netAmount));
    const returned = await json<SettlementJson>(await forceOutcome(api, world.admin, again.id, 'RETURNED'), 200);
    expect(returned).toMatchObject({ status: 'RETURNED' });
    expect(returned.paidAt).toBeTruthy();
    expect(returned.returnedAt).toBeTruthy();
    expect((await balances(api, world.admin)).find((row) => row.currency === 'KES' && row.subMerchantId === null)).toMatchObject({ available: Number(payment.netAmount) });
    await expectProblem(await forceOutcome(api, world.admin, again.id, 'WHATEVER'), 422, 'validation_failed');
  });
});

describe('the settlement schedule', () => {
  it('is DAILY with a delay of 1 day in Nairobi time until an administrator sets it; a PUT replaces it whole and is audited', async () => {
    const world = await merchantReadyToSettle();
    expect(await json(await api.request('GET', '/merchants/me/settlement-schedule', { token: world.admin }), 200)).toEqual({
      interval: 'DAILY', weeklyDay: null, monthlyDay: null, delayDays: 1, minimumAmount: {}, timeZone: 'Africa/Nairobi', updatedAt: null,
    });
    const put = (token: string, body: Record<string, unknown>) => api.request('PUT', '/merchants/me/settlement-schedule', { token, json: body });

    const weekly = await json<Record<string, unknown>>(await put(world.admin, { interval: 'WEEKLY', weeklyDay: 5, monthlyDay: 12, delayDays: 2, minimumAmount: { KES: '1000', USD: 20.5 } }), 200);
    expect(weekly).toMatchObject({ interval: 'WEEKLY', weeklyDay: 5, monthlyDay: null, delayDays: 2, minimumAmount: { KES: 1000, USD: 20.5 }, timeZone: 'Africa/Nairobi' });
    expect(weekly.updatedAt).toBeTruthy();
    expect(await json(await api.request('GET', '/merchants/me/settlement-schedule', { token: world.admin }), 200)).toEqual(weekly);
    const audit = await json<{ action: string }[]>(await api.request('GET', '/merchants/me/audit-events?action=settlement_schedule.*', { token: world.admin }), 200);
    expect(audit.map((entry) => entry.action)).toEqual(['settlement_schedule.updated']);

    const manual = await json<Record<string, unknown>>(await put(world.admin, { interval: 'MANUAL' }), 200);
    expect(manual).toMatchObject({ interval: 'MANUAL', weeklyDay: null, delayDays: 1, minimumAmount: {} });
    const kes = (await balances(api, world.admin)).find((row) => row.currency === 'KES' && row.subMerchantId === null) as unknown as { nextSettlement: unknown };
    expect(kes.nextSettlement).toBeNull();
  });

  it('refuses a schedule that does not say when, a delay beyond 7 days, and minimums that are not amounts of a currency; others than administrators cannot set it', async () => {
    const world = await merchantReadyToSettle();
    const put = (token: string, body: Record<string, unknown>) => api.request('PUT', '/merchants/me/settlement-schedule', { token, json: body });
    for (const body of [
      { interval: 'WEEKLY' },
      { interval: 'MONTHLY', monthlyDay: 32 },
      { interval: 'DAILY', delayDays: 8 },
      { interval: 'DAILY', delayDays: -1 },
      { interval: 'DAILY', minimumAmount: { KES: '12.345' } },
      { interval: 'DAILY', minimumAmount: { XYZ: '10' } },
      { interval: 'HOURLY' },
    ]) {
      await expectProblem(await put(world.admin, body), 422, 'validation_failed');
    }
    for (const role of ['PLAIN_MERCHANT', 'SUPPORT'] as const) {
      const token = await tokenOf(api, world.merchant.id, role);
      await expectProblem(await put(token, { interval: 'MANUAL' }), 403, 'forbidden');
      expect((await json<{ interval: string }>(await api.request('GET', '/merchants/me/settlement-schedule', { token }), 200)).interval).toBe('DAILY');
    }
  });
});
