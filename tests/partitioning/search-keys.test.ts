import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { midMonth, paid, paidAt } from './support';
import { mpesa, receipt, signedInMerchant } from '../payments/support';

const api = useTestApi();

afterEach(() => {
  vi.useRealTimers();
});

async function searchKeysOf(paymentId: string) {
  const { rows } = await db().execute<{ merchant_id: string; provider_reference: string; bill_reference: string | null; payer_phone_reversed: string | null }>(
    sql`select merchant_id, provider_reference, bill_reference, payer_phone_reversed from payment_search_keys where payment_id = ${paymentId}::uuid`,
  );
  return rows;
}

function searcher(token: string) {
  return async (q: string, more = '') => {
    const response = await api.request('GET', `/merchants/me/payments?q=${encodeURIComponent(q)}${more}`, { token });
    expect(response.status).toBe(200);
    const ids = ((await response.json()) as { id: string }[]).map((payment) => payment.id);
    const next = response.headers.get('link')?.match(/cursor=([^&>]+)/)?.[1];
    return { ids, next };
  };
}

describe("the search keys a merchant's search box reads first", () => {
  it('are written with each payment, one by one or in a batch, saying what the payment says', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const single = await paid(mpesa(virtualAccount.accountNumber, '15', { payerPhone: '254700100200', billReference: 'ONE-BY-ONE' }), true);
    const batched = await paid(mpesa(virtualAccount.accountNumber, '16', { payerPhone: '254700100201', billReference: 'IN-A-BATCH' }));
    for (const payment of [single, batched]) {
      expect(await searchKeysOf(payment.id)).toEqual([
        {
          merchant_id: merchant.id,
          provider_reference: payment.providerReference,
          bill_reference: payment.billReference,
          payer_phone_reversed: payment.payerPhone!.split('').reverse().join(''),
        },
      ]);
    }
  });

  it('follow a repair of a payment by hand, and leave with a payment that is removed', async () => {
    const { virtualAccount, token } = await signedInMerchant(api);
    const search = searcher(token);
    const payment = await paid(mpesa(virtualAccount.accountNumber, '20', { billReference: 'TYPO-REF' }));
    await db().execute(sql`update payments set bill_reference = 'RIGHT-REF' where id = ${payment.id}::uuid`);
    expect((await search('TYPO-REF')).ids).toEqual([]);
    expect((await search('RIGHT-REF')).ids).toEqual([payment.id]);

    await db().execute(sql`delete from payments where id = ${payment.id}::uuid`);
    expect(await searchKeysOf(payment.id)).toEqual([]);
  });

  it("never find another merchant's payment, whatever it shares with this merchant's", async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    const shared = { payerPhone: '254733444555', billReference: 'RENT-MARCH' };
    const own = await paid(mpesa(mine.virtualAccount.accountNumber, '30', shared));
    const other = await paid(mpesa(theirs.virtualAccount.accountNumber, '31', shared));
    const search = searcher(mine.token);
    for (const q of ['RENT-MARCH', '0733444555', '4555']) expect((await search(q)).ids, q).toEqual([own.id]);
    // Their receipt, typed into my box, finds nothing.
    expect((await search(other.providerReference.toLowerCase())).ids).toEqual([]);
  });

  it('list a payment found two ways once', async () => {
    const { virtualAccount, token } = await signedInMerchant(api);
    // Payers often type their own phone as the bill reference: found as both, listed once.
    const own = await paid(mpesa(virtualAccount.accountNumber, '40', { payerPhone: '254711222333', billReference: '0711222333' }));
    // A payer who typed the receipt of an earlier payment as the bill reference of this one: both.
    const first = await paid(mpesa(virtualAccount.accountNumber, '41'));
    const second = await paid(mpesa(virtualAccount.accountNumber, '42', { billReference: first.providerReference }));
    const search = searcher(token);
    expect((await search('0711222333')).ids).toEqual([own.id]);
    expect((await search(first.providerReference)).ids).toEqual([second.id, first.id]);
  });

  it("find a payer's payments months apart, each in its own month, newest first", async () => {
    const { virtualAccount, token } = await signedInMerchant(api);
    const phone = '254722000999';
    const five = await paidAt(midMonth(-5), mpesa(virtualAccount.accountNumber, '50', { payerPhone: phone }));
    const two = await paidAt(midMonth(-2), mpesa(virtualAccount.accountNumber, '51', { payerPhone: phone }));
    const now = await paid(mpesa(virtualAccount.accountNumber, '52', { payerPhone: phone }));
    const search = searcher(token);
    expect((await search('0722000999')).ids).toEqual([now.id, two.id, five.id]);
    // Found alone, each is read by its key in its own month (migration 0039).
    for (const payment of [five, two, now]) expect((await search(payment.providerReference.toLowerCase())).ids).toEqual([payment.id]);
  });

  it('past 200 payments found, read every month and page through all of them once, newest first, as the summary counts them', async () => {
    const { virtualAccount, token } = await signedInMerchant(api);
    const phone = '254799000111';
    const older = await paidAt(midMonth(-3), mpesa(virtualAccount.accountNumber, '7', { payerPhone: phone }));
    const written: string[] = [older.id];
    for (let index = 0; index < 204; index++) {
      written.push((await paid(mpesa(virtualAccount.accountNumber, '1', { payerPhone: phone, providerReference: receipt() }))).id);
    }
    const search = searcher(token);
    const seen: string[] = [];
    let page = await search('0799000111', '&limit=100');
    seen.push(...page.ids);
    while (page.next) {
      page = await search('0799000111', `&limit=100&cursor=${page.next}`);
      seen.push(...page.ids);
    }
    expect(seen).toHaveLength(205);
    expect(new Set(seen)).toEqual(new Set(written));
    expect(seen.at(-1)).toBe(older.id);

    const summary = await api.request('GET', `/merchants/me/payments/summary?q=0799000111`, { token });
    expect(await summary.json()).toMatchObject({ paymentCount: 205, totalAmount: 7 + 204 });
  });
});
