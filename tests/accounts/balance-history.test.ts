import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { balanceEntries } from '@/lib/ledger/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { allPages, expectExactKeys, isIsoMillis, signedInMerchant, signedInUser } from './support';

const api = useTestApi();
const ENTRY_KEYS = ['id', 'virtualAccountId', 'type', 'amount', 'balanceAfter', 'paymentId', 'settlementId', 'description', 'createdAt'];

/** Payments write entries in a later issue; until then the test writes them itself. */
async function credit(merchantId: string, virtualAccountId: string, amount: string, balanceAfter: string, at: Date) {
  const [entry] = await db()
    .insert(balanceEntries)
    .values({ merchantId, virtualAccountId, type: 'CREDIT', amount, balanceAfter, paymentId: randomUUID(), description: `M-Pesa payment ${amount}`, createdAt: at })
    .returning();
  return entry!;
}

describe('GET /merchants/me/virtual-account/balance-history', () => {
  it('lists the LEGACY account\'s entries newest first, amounts as exact numbers', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const first = await credit(merchant.id, virtualAccount.id, '1500.5', '1500.5', new Date(Date.now() - 60_000));
    const second = await credit(merchant.id, virtualAccount.id, '0.1', '1500.6', new Date());
    const response = await api.request('GET', '/merchants/me/virtual-account/balance-history', { token });
    expect(response.status).toBe(200);
    const entries = await response.json();
    expect(entries.map((entry: { id: string }) => entry.id)).toEqual([second.id, first.id]);
    for (const entry of entries) expectExactKeys(entry, ENTRY_KEYS);
    expect(entries[0]).toMatchObject({ virtualAccountId: virtualAccount.id, type: 'CREDIT', amount: 0.1, balanceAfter: 1500.6, paymentId: second.paymentId, description: 'M-Pesa payment 0.1' });
    expect(isIsoMillis(entries[0].createdAt)).toBe(true);
  });

  it('answers an empty list for an account with no movements', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('GET', '/merchants/me/virtual-account/balance-history', { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('shows the history of another visible account named by virtualAccountId, and only its own', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const brand = await (await api.request('POST', '/merchants/me/virtual-accounts', { token, json: { purpose: 'BRAND' } })).json();
    await credit(merchant.id, virtualAccount.id, '10', '10', new Date());
    const brandEntry = await credit(merchant.id, brand.id, '20', '20', new Date());
    const entries = await (await api.request('GET', `/merchants/me/virtual-account/balance-history?virtualAccountId=${brand.id}`, { token })).json();
    expect(entries.map((entry: { id: string }) => entry.id)).toEqual([brandEntry.id]);
  });

  it('narrows to one payment\'s entries with paymentId, however far back they lie', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const old = await credit(merchant.id, virtualAccount.id, '75', '75', new Date(Date.now() - 86_400_000));
    const [fee] = await db()
      .insert(balanceEntries)
      .values({ merchantId: merchant.id, virtualAccountId: virtualAccount.id, type: 'FEE', amount: '-0.75', balanceAfter: '74.25', paymentId: old.paymentId, description: 'Fee', createdAt: old.createdAt })
      .returning();
    for (let index = 0; index < 5; index += 1) await credit(merchant.id, virtualAccount.id, '1', String(75 + index), new Date());
    const path = `/merchants/me/virtual-account/balance-history?virtualAccountId=${virtualAccount.id}&paymentId=${old.paymentId}`;
    const entries = await (await api.request('GET', path, { token })).json();
    expect(entries.map((entry: { id: string }) => entry.id).sort()).toEqual([old.id, fee!.id].sort());
    // Another merchant naming this payment sees nothing of it (their own account, no such entries).
    const other = await signedInMerchant(api);
    const theirs = await (await api.request('GET', `/merchants/me/virtual-account/balance-history?paymentId=${old.paymentId}`, { token: other.token })).json();
    expect(theirs).toEqual([]);
    expect((await api.request('GET', '/merchants/me/virtual-account/balance-history?paymentId=nope', { token })).status).toBe(422);
  });

  it('answers 404 for another merchant\'s account or an unknown one, and 422 for a malformed id', async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    await credit(other.merchant.id, other.virtualAccount.id, '99', '99', new Date());
    for (const id of [other.virtualAccount.id, randomUUID()]) {
      const response = await api.request('GET', `/merchants/me/virtual-account/balance-history?virtualAccountId=${id}`, { token });
      expect(response.status).toBe(404);
    }
    const malformed = await api.request('GET', '/merchants/me/virtual-account/balance-history?virtualAccountId=nope', { token });
    expect(malformed.status).toBe(422);
  });

  it('is for a scoped user\'s own accounts only: no LEGACY account, no other sub-merchant\'s', async () => {
    const { token: ownerToken, merchant } = await signedInMerchant(api);
    const [mine, theirs] = [await newSubMerchant(merchant.id), await newSubMerchant(merchant.id)];
    const myAccount = await (await api.request('POST', '/merchants/me/virtual-accounts', { token: ownerToken, json: { purpose: 'BRAND', subMerchantId: mine.id } })).json();
    const theirAccount = await (await api.request('POST', '/merchants/me/virtual-accounts', { token: ownerToken, json: { purpose: 'BRAND', subMerchantId: theirs.id } })).json();
    const token = await signedInUser(api, merchant.id, 'PLAIN_MERCHANT', mine.id);

    const legacy = await api.request('GET', '/merchants/me/virtual-account/balance-history', { token });
    expect(legacy.status).toBe(404);
    expect((await legacy.json()).detail).toMatch(/virtualAccountId/);
    expect((await api.request('GET', `/merchants/me/virtual-account/balance-history?virtualAccountId=${myAccount.id}`, { token })).status).toBe(200);
    expect((await api.request('GET', `/merchants/me/virtual-account/balance-history?virtualAccountId=${theirAccount.id}`, { token })).status).toBe(404);
  });

  it('pages through many entries without losing or repeating one', async () => {
    const { token, merchant, virtualAccount } = await signedInMerchant(api);
    const base = Date.now() - 100_000;
    const written = [];
    // Two pairs share a timestamp, so the id tie-break is exercised too.
    for (const offset of [0, 1000, 1000, 2000, 3000, 3000, 4000]) {
      written.push(await credit(merchant.id, virtualAccount.id, '1', '1', new Date(base + offset)));
    }
    const pages = await allPages(api, '/merchants/me/virtual-account/balance-history?limit=2', token);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    const ids = pages.flat().map((entry) => entry.id);
    expect(new Set(ids)).toEqual(new Set(written.map((entry) => entry.id)));
    expect(ids).toHaveLength(7);
  });
});
