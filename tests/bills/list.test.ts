import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectedPayments, type BillStatus } from '@/lib/bills/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { allPages, createCustomer, nextPage, scopedUser, signedInMerchant, signedInUser } from '../customers/helpers';
import { BILL_KEYS, createBill, type BillJson } from './helpers';

const api = useTestApi();

const list = async (token: string, query = '') => {
  const response = await api.request('GET', `/merchants/me/expected-payments${query}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as BillJson[];
};
const idsOf = (bills: { id: string }[]) => bills.map((bill) => bill.id).sort();

/** A bill written straight to the table, as a payment or the expiry job would leave it. */
async function storedBill(merchantId: string, status: BillStatus, expiresAt: Date, extra: Partial<typeof expectedPayments.$inferInsert> = {}) {
  const [bill] = await db()
    .insert(expectedPayments)
    .values({ merchantId, paymentReference: `DB-${randomUUID().slice(0, 8)}`, amount: '250', currency: 'KES', status, expiresAt, ...extra })
    .returning();
  return bill!;
}

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 86_400_000);

describe('GET /merchants/me/expected-payments', () => {
  it("lists the merchant's bills with exactly the spec fields", async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const [listed] = await list(token);
    expect(Object.keys(listed!).sort()).toEqual(BILL_KEYS);
    expect(listed).toEqual(bill);
  });

  it('pages through every bill once, newest first, following the Link header', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const createdAt = new Date('2026-02-01T08:00:00.000Z');
    const inserted = [];
    for (let index = 0; index < 9; index++) {
      inserted.push(await storedBill(merchant.id, 'OPEN', future(), { createdAt: index < 5 ? createdAt : new Date(createdAt.getTime() - index) }));
    }
    const newestFirst = inserted
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const { ids, pages } = await allPages(api, token, '/merchants/me/expected-payments?limit=2');
    expect(pages).toBe(5);
    expect(ids).toEqual(newestFirst);
  });

  it('keeps filters on the next page', async () => {
    const { merchant, token } = await signedInMerchant(api);
    for (let index = 0; index < 3; index++) await storedBill(merchant.id, 'PAID', future());
    await storedBill(merchant.id, 'OPEN', future());
    const first = await api.request('GET', '/merchants/me/expected-payments?status=PAID&limit=2', { token });
    const next = nextPage(first)!;
    expect(next).toContain('status=PAID');
    const { ids } = await allPages(api, token, next);
    expect(ids).toHaveLength(1);
  });

  it('never shows another merchant\'s bills, and shows a scoped user only its sub-merchant\'s', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const own = await createBill(api, scoped.token);
    const merchantWide = await createBill(api, token);
    expect(await list(other.token)).toEqual([]);
    expect(idsOf(await list(scoped.token))).toEqual([own.id]);
    expect(idsOf(await list(token))).toEqual([own.id, merchantWide.id].sort());
  });

  it('lets SUPPORT users read', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect(idsOf(await list(support.token))).toEqual([bill.id]);
  });

  it('filters by customer', async () => {
    const { token } = await signedInMerchant(api);
    const customer = await createCustomer(api, token);
    const billed = await createBill(api, token, { customerId: customer.id });
    await createBill(api, token);
    expect(idsOf(await list(token, `?customerId=${customer.id}`))).toEqual([billed.id]);
  });

  it('searches the payment reference in any letter case, taking % and _ literally', async () => {
    const { token } = await signedInMerchant(api);
    const march = await createBill(api, token, { paymentReference: 'INV-2026-03_A' });
    const april = await createBill(api, token, { paymentReference: 'inv-2026-04' });
    await createBill(api, token, { paymentReference: 'RENT-9' });
    expect(idsOf(await list(token, '?q=inv-2026'))).toEqual([march.id, april.id].sort());
    expect(idsOf(await list(token, '?q=03_a'))).toEqual([march.id]);
    expect(await list(token, '?q=%25')).toEqual([]);
    expect(await list(token, '?q=INV-2026-0_-')).toEqual([]);
  });

  it('refuses an unknown status and a malformed customer id with 422', async () => {
    const { token } = await signedInMerchant(api);
    for (const query of ['?status=LATE', '?customerId=abc', '?limit=500']) {
      expect((await api.request('GET', `/merchants/me/expected-payments${query}`, { token })).status).toBe(422);
    }
  });
});

describe('status filters', () => {
  it('reads an open bill past its expiry as EXPIRED, and filters by the status callers see', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const open = await storedBill(merchant.id, 'OPEN', future());
    const partly = await storedBill(merchant.id, 'PARTIALLY_PAID', future());
    const lapsedOpen = await storedBill(merchant.id, 'OPEN', past());
    const lapsedPartly = await storedBill(merchant.id, 'PARTIALLY_PAID', past());
    const storedExpired = await storedBill(merchant.id, 'EXPIRED', past());
    const paid = await storedBill(merchant.id, 'PAID', past());
    const cancelled = await storedBill(merchant.id, 'CANCELLED', future());

    expect(idsOf(await list(token, '?status=OPEN'))).toEqual([open.id]);
    expect(idsOf(await list(token, '?status=PARTIALLY_PAID'))).toEqual([partly.id]);
    expect(idsOf(await list(token, '?status=EXPIRED'))).toEqual([lapsedOpen.id, lapsedPartly.id, storedExpired.id].sort());
    expect(idsOf(await list(token, '?status=PAID'))).toEqual([paid.id]);
    expect(idsOf(await list(token, '?status=CANCELLED'))).toEqual([cancelled.id]);

    const everything = await list(token);
    const statusOf = (id: string) => everything.find((bill) => bill.id === id)!.status;
    expect(statusOf(lapsedOpen.id)).toBe('EXPIRED');
    expect(statusOf(lapsedPartly.id)).toBe('EXPIRED');
    expect(statusOf(paid.id)).toBe('PAID');
    expect(statusOf(open.id)).toBe('OPEN');
  });

  it('pages through expired bills, stored and not yet stored, newest first without loss or repeat', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const start = Date.parse('2026-03-01T08:00:00.000Z');
    const kinds: BillStatus[] = ['EXPIRED', 'OPEN', 'OPEN', 'EXPIRED', 'PARTIALLY_PAID', 'EXPIRED', 'OPEN'];
    const expired = [];
    for (const [index, status] of kinds.entries()) {
      expired.push(await storedBill(merchant.id, status, past(), { createdAt: new Date(start - index * 1000) }));
    }
    await storedBill(merchant.id, 'OPEN', future(), { createdAt: new Date(start - 500) });
    await storedBill(merchant.id, 'PAID', past(), { createdAt: new Date(start - 1500) });

    const { ids, rows, pages } = await allPages(api, token, '/merchants/me/expected-payments?status=EXPIRED&limit=2');
    expect(ids).toEqual(expired.map((bill) => bill.id));
    expect(pages).toBe(4);
    expect(rows.every((row) => (row as BillJson).status === 'EXPIRED')).toBe(true);
  });
});

describe('GET /merchants/me/expected-payments/{expectedPaymentId}', () => {
  it('answers the bill', async () => {
    const { token } = await signedInMerchant(api);
    const bill = await createBill(api, token);
    const response = await api.request('GET', `/merchants/me/expected-payments/${bill.id}`, { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(bill);
  });

  it('reports a lapsed open bill as EXPIRED', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const lapsed = await storedBill(merchant.id, 'OPEN', past());
    const response = await api.request('GET', `/merchants/me/expected-payments/${lapsed.id}`, { token });
    expect((await response.json()).status).toBe('EXPIRED');
  });

  it("answers 404 for another merchant's bill, another sub-merchant's bill, an unknown id and a malformed id", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const scoped = await scopedUser(api, merchant.id);
    const bill = await createBill(api, token);
    for (const [caller, id] of [
      [other.token, bill.id],
      [scoped.token, bill.id],
      [token, randomUUID()],
      [token, 'INV-1'],
    ] as const) {
      expect((await api.request('GET', `/merchants/me/expected-payments/${id}`, { token: caller })).status).toBe(404);
    }
  });
});
