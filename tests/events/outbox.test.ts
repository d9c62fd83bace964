import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '@/lib/events/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { createBill, signedInMerchant } from '../payments/support';

const api = useTestApi();

const eventsAbout = (merchantId: string, type: string, id: string) =>
  db()
    .select()
    .from(events)
    .where(and(eq(events.merchantId, merchantId), eq(events.type, type as 'customer.created'), sql`${events.data}->>'id' = ${id}`));

describe('events are recorded with the change they describe', () => {
  it('customer.created, virtual_account.created and expected_payment.cancelled carry the resource as the API returns it', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const customer = await (
      await api.request('POST', '/merchants/me/customers', {
        token,
        json: { displayName: 'Amina Hassan', externalRef: 'C-1', email: 'amina@test.example', phone: '254711000111' },
      })
    ).json();
    const [created] = await eventsAbout(merchant.id, 'customer.created', customer.id);
    expect(created?.data).toEqual(customer);

    const account = await (await api.request('POST', `/merchants/me/customers/${customer.id}/virtual-account`, { token })).json();
    const [provisioned] = await eventsAbout(merchant.id, 'virtual_account.created', account.id);
    expect(provisioned?.data).toEqual(account);

    const bill = await createBill(api, token, { amount: 100 });
    const cancelled = await (await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token })).json();
    await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token });
    const recorded = await eventsAbout(merchant.id, 'expected_payment.cancelled', bill.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toEqual(cancelled);
  });

  it('records nothing when the change is refused', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const body = { displayName: 'Amina Hassan', externalRef: 'C-2', email: 'amina@test.example', phone: '254711000111' };
    await api.request('POST', '/merchants/me/customers', { token, json: body });
    const duplicate = await api.request('POST', '/merchants/me/customers', { token, json: body });
    expect(duplicate.status).toBe(409);
    const rows = await db().select().from(events).where(and(eq(events.merchantId, merchant.id), eq(events.type, 'customer.created')));
    expect(rows).toHaveLength(1);
  });
});
