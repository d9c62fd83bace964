import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments, type BillStatus } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { problemOf, scopedUser, signedInMerchant, signedInUser } from '../customers/helpers';
import { createBill } from './helpers';

const api = useTestApi();

const cancel = (token: string, billId: string) =>
  api.request('POST', `/merchants/me/expected-payments/${billId}/cancel`, { token });

const storedBill = async (billId: string) =>
  (await db().select().from(expectedPayments).where(eq(expectedPayments.id, billId)))[0]!;
const storedAccount = async (accountId: string) =>
  (await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, accountId)))[0]!;
const setStatus = (billId: string, status: BillStatus, expiresAt?: Date) =>
  db().update(expectedPayments).set({ status, ...(expiresAt ? { expiresAt } : {}) }).where(eq(expectedPayments.id, billId));

describe('POST /merchants/me/expected-payments/{expectedPaymentId}/cancel', () => {
  it('cancels an open bill and closes its invoice account', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const response = await cancel(token, bill.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...bill, status: 'CANCELLED' });
    expect((await storedBill(bill.id)).cancelledAt).toBeInstanceOf(Date);
    expect((await storedAccount(bill.virtualAccountId!)).status).toBe('CLOSED');
  });

  it('cancels a partly paid bill', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    await setStatus(bill.id, 'PARTIALLY_PAID');
    const response = await cancel(token, bill.id);
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('CANCELLED');
  });

  it('cancels a bill that has no invoice account', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token, { provisionInvoiceVa: false });
    const response = await cancel(token, bill.id);
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('CANCELLED');
  });

  it('answers a cancelled bill again when asked twice, without touching it', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const first = await (await cancel(token, bill.id)).json();
    const cancelledAt = (await storedBill(bill.id)).cancelledAt;
    const again = await cancel(token, bill.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect((await storedBill(bill.id)).cancelledAt).toEqual(cancelledAt);
  });

  it('refuses to cancel a paid bill with 409, leaving its account open', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    await setStatus(bill.id, 'PAID');
    const response = await cancel(token, bill.id);
    expect(response.status).toBe(409);
    expect((await problemOf(response)).detail).toMatch(/paid/);
    expect((await storedBill(bill.id)).status).toBe('PAID');
    expect((await storedAccount(bill.virtualAccountId!)).status).toBe('ACTIVE');
  });

  it('refuses to cancel an expired bill with 409 saying it expired, whether or not the expiry is stored yet', async () => {
    const { token } = await signedInMerchant(api);
    const lapsed = await createBill(api, token);
    await setStatus(lapsed.id, 'OPEN', new Date(Date.now() - 1000));
    const stored = await createBill(api, token);
    await setStatus(stored.id, 'EXPIRED', new Date(Date.now() - 1000));
    for (const bill of [lapsed, stored]) {
      const response = await cancel(token, bill.id);
      expect(response.status).toBe(409);
      expect((await problemOf(response)).detail).toMatch(/expired/);
    }
    expect((await storedBill(lapsed.id)).status).toBe('OPEN');
  });

  it('lets one of two simultaneous cancels do the work and answers both with the cancelled bill', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const [one, two] = await Promise.all([cancel(token, bill.id), cancel(token, bill.id)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await one.json()).toEqual(await two.json());
  });

  it("answers 404 for another merchant's bill, another sub-merchant's bill and an unknown id", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const bill = await createBill(api, token);
    expect((await cancel(other.token, bill.id)).status).toBe(404);
    expect((await cancel(scoped.token, bill.id)).status).toBe(404);
    expect((await cancel(token, randomUUID())).status).toBe(404);
    expect((await cancel(token, 'nope')).status).toBe(404);
    expect((await storedBill(bill.id)).status).toBe('OPEN');
  });

  it('lets a scoped user cancel its own sub-merchant\'s bill', async () => {
    const { merchant } = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const bill = await createBill(api, scoped.token);
    expect((await cancel(scoped.token, bill.id)).status).toBe(200);
  });

  it('is refused to SUPPORT users with 403', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    const response = await cancel(support.token, bill.id);
    expect(response.status).toBe(403);
    expect((await storedBill(bill.id)).status).toBe('OPEN');
  });
});
