import { describe, expect, it } from 'vitest';
import { newBill, signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { initiate } from './support';

const api = useTestApi();

const listed = async (token: string, query: string) => {
  const response = await api.request('GET', `/merchants/me/stk${query}`, { token });
  expect(response.status, query).toBe(200);
  return ((await response.json()) as { id: string }[]).map((prompt) => prompt.id).sort();
};

describe('GET /merchants/me/stk filters', () => {
  it('finds the prompts of one phone (typed in any form), one bill or one customer, and refuses a phone that is not one', async () => {
    const { token, virtualAccount, merchant } = await signedInMerchant(api);
    const { bill } = await newBill(merchant.id);
    const toAccount = await initiate(api, token, { phone: '254712345678', amount: 100, accountNumber: virtualAccount.accountNumber });
    const toBill = await initiate(api, token, { phone: '254798765432', amount: 200, expectedPaymentId: bill.id });
    const again = await initiate(api, token, { phone: '254798765432', amount: 200, expectedPaymentId: bill.id });

    expect(await listed(token, '?phone=0712%20345%20678')).toEqual([toAccount.id]);
    expect(await listed(token, `?phone=${encodeURIComponent('+254 798 765432')}`)).toEqual([toBill.id, again.id].sort());
    expect(await listed(token, `?expectedPaymentId=${bill.id}`)).toEqual([toBill.id, again.id].sort());
    expect(await listed(token, `?expectedPaymentId=${bill.id}&phone=0712345678`)).toEqual([]);
    expect(await listed(token, `?customerId=${crypto.randomUUID()}`)).toEqual([]);
    const bad = await api.request('GET', '/merchants/me/stk?phone=12', { token });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual(['query.phone']);
  });
});
