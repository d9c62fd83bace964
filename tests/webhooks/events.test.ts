import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordEvent } from '@/lib/events/record';
import { events } from '@/lib/events/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newSubMerchant, newUser, signIn } from '../support/fixtures';
import { signedInMerchant } from './support';

const api = useTestApi({ SANDBOX: 'true' });
const EVENT_KEYS = ['createdAt', 'data', 'id', 'type'];

const record = (merchantId: string, type: Parameters<typeof recordEvent>[1]['type'], data: unknown, subMerchantId: string | null = null) =>
  db().transaction((tx) => recordEvent(tx, { merchantId, subMerchantId, type, data }));
const list = async (token: string, query = '') => {
  const response = await api.request('GET', `/merchants/me/events${query}`, { token });
  expect(response.status).toBe(200);
  return response;
};

describe('GET /merchants/me/events', () => {
  it('lists the merchant\'s events newest first, each as {id, type, createdAt, data}', async () => {
    const { merchant, token, virtualAccount } = await signedInMerchant(api);
    const paid = await record(merchant.id, 'payment.received', { id: 'p1', amount: 100 });
    const expired = await record(merchant.id, 'expected_payment.expired', { id: 'b1' });
    const body = await (await list(token)).json();
    expect(body.slice(0, 2).map((event: { id: string }) => event.id)).toEqual([expired, paid]);
    for (const event of body) expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
    expect(body[1]).toEqual({ id: paid, type: 'payment.received', createdAt: expect.stringMatching(/Z$/), data: { id: 'p1', amount: 100 } });
    // The merchant's first account was announced when the merchant was made.
    expect(body.at(-1)).toMatchObject({ type: 'virtual_account.created', data: { id: virtualAccount.id } });
  });

  it('filters by type and pages with Link: rel="next"', async () => {
    const { merchant, token } = await signedInMerchant(api);
    for (let index = 0; index < 3; index++) await record(merchant.id, 'payment.received', { index });
    await record(merchant.id, 'customer.created', { id: 'c1' });
    const first = await list(token, '?type=payment.received&limit=2');
    expect((await first.json()).map((event: { data: { index: number } }) => event.data.index)).toEqual([2, 1]);
    const next = first.headers.get('link')!.match(/^<\/api\/v1([^>]+)>; rel="next"$/)![1]!;
    expect((await (await api.request('GET', next, { token })).json()).map((event: { data: { index: number } }) => event.data.index)).toEqual([0]);
    expect((await api.request('GET', '/merchants/me/events?type=payment.sent', { token })).status).toBe(422);
  });

  it('shows the last 30 days only', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const old = await record(merchant.id, 'payment.received', { old: true });
    await db().update(events).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(events.id, old));
    expect((await (await list(token)).json()).map((event: { id: string }) => event.id)).not.toContain(old);
    expect((await api.request('GET', `/merchants/me/events/${old}`, { token })).status).toBe(404);
  });

  it("never shows another merchant's events, nor another sub-merchant's to a scoped user", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const { user, password } = await newUser(merchant.id, 'PLAIN_MERCHANT', branch.id);
    const scoped = (await signIn(api, user.email, password)).accessToken;
    const wide = await record(merchant.id, 'payment.received', { scope: 'merchant' });
    const own = await record(merchant.id, 'payment.received', { scope: 'branch' }, branch.id);

    expect((await (await list(scoped)).json()).map((event: { id: string }) => event.id)).toEqual([own]);
    expect((await api.request('GET', `/merchants/me/events/${wide}`, { token: scoped })).status).toBe(404);
    expect((await api.request('GET', `/merchants/me/events/${own}`, { token: other.token })).status).toBe(404);
    expect((await api.request('GET', `/merchants/me/events/${own}/deliveries`, { token: other.token })).status).toBe(404);
    expect((await (await list(other.token)).json()).map((event: { id: string }) => event.id)).not.toContain(own);
    expect(await (await api.request('GET', `/merchants/me/events/${own}`, { token })).json()).toMatchObject({ id: own, data: { scope: 'branch' } });
  });
});
