import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { auditEvents } from '@/lib/audit/schema';
import { expectedPayments, type BillStatus } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { createCustomer, errorPaths, problemOf, scopedUser, signedInMerchant, signedInUser } from '../customers/helpers';
import { createBill, inDays } from './helpers';

const api = useTestApi();

const update = (token: string, billId: string, json: Record<string, unknown>) =>
  api.request('PATCH', `/merchants/me/expected-payments/${billId}`, { token, json });

const storedBill = async (billId: string) =>
  (await db().select().from(expectedPayments).where(eq(expectedPayments.id, billId)))[0]!;
const storedAccount = async (accountId: string) =>
  (await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, accountId)))[0]!;
const auditOf = (billId: string) =>
  db().select().from(auditEvents).where(and(eq(auditEvents.targetId, billId), eq(auditEvents.action, 'bill.updated')));

describe('PATCH /merchants/me/expected-payments/{expectedPaymentId}', () => {
  it('changes the amount, expiry and description of a bill nothing has been paid on, moving its account expiry and recording who did it', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1500.5 });
    const expiresAt = new Date(Date.parse(inDays(10))).toISOString();
    const response = await update(token, bill.id, { amount: 2400, expiresAt, description: 'Term 1 fees' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: bill.id, amount: 2400, amountPaid: 0, expiresAt, description: 'Term 1 fees', status: 'OPEN' });
    expect((await storedBill(bill.id)).amount).toBe('2400.0000');
    expect((await storedAccount(bill.virtualAccountId!)).expireAt?.toISOString()).toBe(expiresAt);
    const [entry, ...more] = await auditOf(bill.id);
    expect(more).toEqual([]);
    expect(entry!.summary).toBe(`Bill ${bill.paymentReference as string} changed: amount KES 1,500.50 → KES 2,400.00; expiry ${bill.expiresAt as string} → ${expiresAt}; description changed.`);
  });

  it('answers the bill unchanged and records nothing when the same values are sent again', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const first = await (await update(token, bill.id, { amount: 99, description: 'Rent' })).json();
    const again = await update(token, bill.id, { amount: 99, description: 'Rent' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await auditOf(bill.id)).toHaveLength(1);
  });

  it('refuses a new amount or expiry with 409 once part of the bill is paid, changing nothing', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    await db().update(expectedPayments).set({ status: 'PARTIALLY_PAID', amountPaid: '400' }).where(eq(expectedPayments.id, bill.id));
    for (const change of [{ amount: 500 }, { expiresAt: inDays(5) }]) {
      const response = await update(token, bill.id, change);
      expect(response.status).toBe(409);
      expect((await problemOf(response)).detail).toMatch(/already paid/);
    }
    const stored = await storedBill(bill.id);
    expect(stored.amount).toBe('1000.0000');
    expect(stored.expiresAt.toISOString()).toBe(bill.expiresAt);
    expect(await auditOf(bill.id)).toEqual([]);
  });

  it('still lets the description of a paid bill change', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    await db().update(expectedPayments).set({ status: 'PAID', amountPaid: '1000' }).where(eq(expectedPayments.id, bill.id));
    const response = await update(token, bill.id, { description: 'Paid in cash at the office' });
    expect(response.status).toBe(200);
    expect((await response.json()).description).toBe('Paid in cash at the office');
    const removed = await update(token, bill.id, { description: '' });
    expect((await removed.json()).description).toBeNull();
  });

  it.each<[BillStatus, number]>([
    ['CANCELLED', 30],
    ['EXPIRED', -1],
    ['OPEN', -1],
  ])('refuses a new amount with 409 on a %s bill (expiry %i days away)', async (status, days) => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    await db().update(expectedPayments).set({ status, expiresAt: new Date(Date.parse(inDays(days))) }).where(eq(expectedPayments.id, bill.id));
    const response = await update(token, bill.id, { amount: 500 });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).detail).toMatch(/can no longer change/);
    expect((await storedBill(bill.id)).amount).toBe('1000.0000');
  });

  it('refuses bad input with 422 naming each field, changing nothing', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    const bad = await update(token, bill.id, { amount: -5, expiresAt: new Date(Date.now() - 1000).toISOString(), description: 'x'.repeat(501) });
    expect(bad.status).toBe(422);
    expect(await errorPaths(bad)).toEqual(['amount', 'description', 'expiresAt']);
    expect((await update(token, bill.id, {})).status).toBe(422);
    expect((await update(token, bill.id, { status: 'PAID' })).status).toBe(422);
    // KES has two decimals: finer is refused against the bill's own currency.
    const fine = await update(token, bill.id, { amount: 10.005 });
    expect(fine.status).toBe(422);
    expect(await errorPaths(fine)).toEqual(['amount']);
    expect((await storedBill(bill.id)).amount).toBe('1000.0000');
  });

  it("answers 404 for another merchant's bill, another sub-merchant's bill and an unknown id", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const bill = await createBill(api, token, { amount: 1000 });
    expect((await update(other.token, bill.id, { amount: 1 })).status).toBe(404);
    expect((await update(scoped.token, bill.id, { amount: 1 })).status).toBe(404);
    expect((await update(token, randomUUID(), { amount: 1 })).status).toBe(404);
    expect((await storedBill(bill.id)).amount).toBe('1000.0000');
  });

  it('is refused to SUPPORT users with 403', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { amount: 1000 });
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect((await update(support.token, bill.id, { amount: 1 })).status).toBe(403);
    expect((await storedBill(bill.id)).amount).toBe('1000.0000');
  });

  it("names the bill's customer and keeps a description given when the bill is raised", async () => {
    const { token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token, { displayName: 'Wanjiru Kamau' });
    const bill = await createBill(api, token, { customerId: customer.id, description: '  Uniform  ' });
    expect(bill).toMatchObject({ customerName: 'Wanjiru Kamau', description: 'Uniform', amountPaid: 0 });
    const read = await (await api.request('GET', `/merchants/me/expected-payments/${bill.id}`, { token })).json();
    expect(read).toMatchObject({ customerName: 'Wanjiru Kamau', description: 'Uniform' });
  });
});
