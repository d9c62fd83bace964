import { describe, expect, it } from 'vitest';
import { signedInMerchant, signedInUser } from '../customers/helpers';
import { useTestApi } from '../support/api-server';
import { messagesOf, putSettings, sendQueued } from './support';

// The sandbox with no SMS provider and no mail server: messages are kept in the outbox.
const api = useTestApi({ SANDBOX: 'true', PUBLIC_URL: 'https://pay.collect.test' });

async function billForCustomer(token: string, customer: Record<string, unknown>) {
  const created = await api.request('POST', '/merchants/me/customers', { token, json: { displayName: 'Kamau Mwangi', externalRef: `C-${Math.random()}`, phone: '0722000111', ...customer } });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const bill = await api.request('POST', '/merchants/me/expected-payments', { token, json: { paymentReference: `INV-${Math.floor(Math.random() * 1e8)}`, amount: 1250, currency: 'KES', expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(), customerId: id } });
  expect(bill.status).toBe(201);
  return (await bill.json()) as { id: string; paymentReference: string };
}

describe('sending a bill to its customer (sandbox outbox)', () => {
  it('creates a customer with a phone and no email', async () => {
    const { token } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/customers', { token, json: { displayName: 'Otieno', externalRef: `C-${Math.random()}`, phone: '0711222333' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ email: null, phone: '254711222333' });
  });

  it('keeps the bill\'s SMS in the outbox, with the payer link in the merchant\'s language', async () => {
    const { token, merchant } = await signedInMerchant(api);
    await putSettings(api, token, { language: 'sw' });
    const bill = await billForCustomer(token, {});
    const response = await api.request('POST', `/merchants/me/expected-payments/${bill.id}/send`, { token, json: { channels: ['SMS'] } });
    expect(response.status).toBe(202);
    const { data } = (await response.json()) as { data: { id: string; status: string; to: string }[] };
    expect(data).toMatchObject([{ status: 'QUEUED', to: '254722000111' }]);
    await sendQueued(merchant.id);

    const outbox = await api.request('GET', '/merchants/me/sandbox/messages', { token });
    expect(outbox.status).toBe(200);
    const [kept] = (await outbox.json()) as { to: string; channel: string; body: string; status: string; kind: string }[];
    expect(kept).toMatchObject({ to: '254722000111', channel: 'SMS', status: 'OUTBOX', kind: 'BILL_LINK' });
    expect(kept!.body).toMatch(new RegExp(`^Test Merchant: bili ${bill.paymentReference} ya KES 1,250.00 inapaswa kulipwa kabla ya .+\\. Lipa hapa: https://pay\\.collect\\.test/pay/[A-Za-z0-9_-]{22}\\?lang=sw$`));
  });

  it('sends once when the same request is retried with its Idempotency-Key', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const bill = await billForCustomer(token, { email: 'kamau@example.com' });
    const send = () => api.request('POST', `/merchants/me/expected-payments/${bill.id}/send`, { token, json: { channels: ['SMS', 'EMAIL'] }, headers: { 'idempotency-key': `send-${bill.id}` } });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await messagesOf(merchant.id)).map((message) => message.channel).sort()).toEqual(['EMAIL', 'SMS']);
  });

  it('refuses EMAIL for a customer without an email address, and records nothing', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const bill = await billForCustomer(token, {});
    const response = await api.request('POST', `/merchants/me/expected-payments/${bill.id}/send`, { token, json: { channels: ['SMS', 'EMAIL'] } });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'channel_unavailable', errors: [{ path: 'channels.1', message: 'The customer has no email address.' }] });
    expect(await messagesOf(merchant.id)).toEqual([]);
  });

  it('refuses a bill without a customer, a cancelled bill, another merchant\'s bill and SUPPORT users', async () => {
    const { token, merchant } = await signedInMerchant(api);
    const lone = (await (await api.request('POST', '/merchants/me/expected-payments', { token, json: { paymentReference: `INV-${Math.floor(Math.random() * 1e8)}`, amount: 10, currency: 'KES', expiresAt: new Date(Date.now() + 86_400_000).toISOString() } })).json()) as { id: string };
    const send = (id: string, as = token) => api.request('POST', `/merchants/me/expected-payments/${id}/send`, { token: as, json: { channels: ['SMS'] } });
    expect(await (await send(lone.id)).json()).toMatchObject({ status: 409, code: 'bill_has_no_customer' });
    const bill = await billForCustomer(token, { email: 'kamau@example.com' });
    expect((await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token })).status).toBe(200);
    expect(await (await send(bill.id)).json()).toMatchObject({ status: 409, code: 'bill_not_open' });
    const other = await signedInMerchant(api);
    expect((await send(bill.id, other.token)).status).toBe(404);
    const support = await signedInUser(api, merchant.id, 'SUPPORT');
    expect((await send(bill.id, support.token)).status).toBe(403);
    expect((await api.request('POST', `/merchants/me/expected-payments/${bill.id}/send`, { token, json: { channels: ['FAX'] } })).status).toBe(422);
    expect(await messagesOf(merchant.id)).toEqual([]);
  });
});
