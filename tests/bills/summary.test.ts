import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectedPayments, type BillStatus } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { scopedUser, signedInMerchant, signedInUser } from '../customers/helpers';
import type { BillJson } from './helpers';

const api = useTestApi();
const HOUR = 3_600_000;

/** A bill written straight to the table, as a payment or the expiry job would leave it. */
async function storedBill(merchantId: string, status: BillStatus, expiresInHours: number, extra: Partial<typeof expectedPayments.$inferInsert> = {}) {
  const [bill] = await db()
    .insert(expectedPayments)
    .values({ merchantId, paymentReference: `SUM-${randomUUID().slice(0, 8)}`, amount: '250', currency: 'KES', status, expiresAt: new Date(Date.now() + expiresInHours * HOUR), ...extra })
    .returning();
  return bill!;
}

const summary = async (token: string) => {
  const response = await api.request('GET', '/merchants/me/expected-payments/summary', { token });
  expect(response.status).toBe(200);
  return (await response.json()) as { open: number; partlyPaid: number; dueWithinThreeDays: number; expired: number; dueBefore: string };
};

const ids = async (token: string, query: string) => {
  const response = await api.request('GET', `/merchants/me/expected-payments${query}`, { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as BillJson[]).map((bill) => bill.id).sort();
};

describe('GET /merchants/me/expected-payments/summary', () => {
  it('counts open, partly paid, due within three days and expired bills, each as its list filter shows them', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const openLater = await storedBill(merchant.id, 'OPEN', 24 * 10);
    const openSoon = await storedBill(merchant.id, 'OPEN', 5);
    const partSoon = await storedBill(merchant.id, 'PARTIALLY_PAID', 70, { amountPaid: '100' });
    await storedBill(merchant.id, 'PARTIALLY_PAID', 24 * 4, { amountPaid: '100' });
    // Lapsed but not yet stored EXPIRED by the job: it reads EXPIRED, and is not due.
    await storedBill(merchant.id, 'OPEN', -1);
    await storedBill(merchant.id, 'EXPIRED', -48);
    await storedBill(merchant.id, 'PAID', 5, { amountPaid: '250' });
    await storedBill(merchant.id, 'CANCELLED', 5);

    const counts = await summary(token);
    expect(counts).toMatchObject({ open: 2, partlyPaid: 2, dueWithinThreeDays: 2, expired: 2 });
    expect(Date.parse(counts.dueBefore) - Date.now()).toBeGreaterThan(71 * HOUR);
    expect(await ids(token, `?dueBefore=${encodeURIComponent(counts.dueBefore)}`)).toEqual([openSoon.id, partSoon.id].sort());
    expect((await ids(token, '?status=OPEN')).length).toBe(counts.open);
    expect(await ids(token, '?status=OPEN')).toContain(openLater.id);
    expect((await ids(token, '?status=EXPIRED')).length).toBe(counts.expired);
    const bad = await api.request('GET', '/merchants/me/expected-payments?dueBefore=soon', { token });
    expect(bad.status).toBe(422);
  });

  it("counts only the caller's bills: another merchant's and, for a scoped user, other sub-merchants' are left out", async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    await storedBill(theirs.merchant.id, 'OPEN', 5);
    expect(await summary(mine.token)).toMatchObject({ open: 0, partlyPaid: 0, dueWithinThreeDays: 0, expired: 0 });

    const scoped = await scopedUser(api, mine.merchant.id);
    await storedBill(mine.merchant.id, 'OPEN', 5);
    await storedBill(mine.merchant.id, 'OPEN', 5, { subMerchantId: scoped.subMerchant.id });
    expect(await summary(mine.token)).toMatchObject({ open: 2, dueWithinThreeDays: 2 });
    expect(await summary(scoped.token)).toMatchObject({ open: 1, dueWithinThreeDays: 1 });
    const support = await signedInUser(api, mine.merchant.id, 'SUPPORT');
    expect(await summary(support.token)).toMatchObject({ open: 2 });
  });
});
