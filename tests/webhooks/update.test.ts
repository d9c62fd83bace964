import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/audit/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newUser, signIn } from '../support/fixtures';
import { createEndpoint, endpointRow, signedInMerchant } from './support';

const api = useTestApi({ SANDBOX: 'true' });
const URL = 'http://127.0.0.1:9/hook';

const patch = (token: string, endpointId: string, json: unknown) =>
  api.request('PATCH', `/merchants/me/webhook-endpoints/${endpointId}`, { token, json });
const details = async (token: string, endpointId: string) =>
  (await api.request('GET', `/merchants/me/webhook-endpoints/${endpointId}/details`, { token })).json();
const auditOf = (endpointId: string) =>
  db().select().from(auditEvents).where(and(eq(auditEvents.targetId, endpointId), eq(auditEvents.action, 'webhook_endpoint.updated')));

describe('PATCH /merchants/me/webhook-endpoints/{endpointId}', () => {
  it('changes the URL, description and event types, keeps the secret, and records the change', async () => {
    const { token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL, description: 'Orders' });
    const response = await patch(token, endpoint.id, { url: 'http://127.0.0.1:9/v2/hook', description: 'Orders v2', eventTypes: ['payment.received', 'payment.received'] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...endpoint, url: 'http://127.0.0.1:9/v2/hook', description: 'Orders v2', secret: null });
    expect((await details(token, endpoint.id)).eventTypes).toEqual(['payment.received']);
    expect((await endpointRow(endpoint.id)).secret).toBe(endpoint.secret);
    const [entry, ...more] = await auditOf(endpoint.id);
    expect(more).toEqual([]);
    expect(entry!.summary).toBe(`Webhook endpoint http://127.0.0.1:9/v2/hook changed: URL ${URL} → http://127.0.0.1:9/v2/hook; description; events payment.received.`);
  });

  it('subscribes to every event type again with null, and records nothing when the same values are sent again', async () => {
    const { token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL, eventTypes: ['payment.received'] });
    expect((await patch(token, endpoint.id, { eventTypes: null })).status).toBe(200);
    expect((await details(token, endpoint.id)).eventTypes).toBeNull();
    expect((await patch(token, endpoint.id, { eventTypes: null, url: URL })).status).toBe(200);
    expect(await auditOf(endpoint.id)).toHaveLength(1);
  });

  it('refuses a URL registration would refuse, unknown event types and empty changes with 422, changing nothing', async () => {
    const { token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL, description: 'Orders' });
    for (const body of [{ url: 'https://10.0.0.5/hook' }, { url: 'http://example.com/hook' }, { eventTypes: ['no.such'] }, { eventTypes: [] }, {}, { secret: 'x' }]) {
      const response = await patch(token, endpoint.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const stored = await endpointRow(endpoint.id);
    expect([stored.url, stored.description]).toEqual([URL, 'Orders']);
  });

  it('refuses to edit a deactivated endpoint with 409', async () => {
    const { token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL, description: 'Orders' });
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deactivate`, { token });
    const response = await patch(token, endpoint.id, { description: 'Back' });
    expect(response.status).toBe(409);
    expect((await endpointRow(endpoint.id)).description).toBe('Orders');
  });

  it("answers 404 for another merchant's endpoint and 403 to SUPPORT users", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL, description: 'Orders' });
    const other = await signedInMerchant(api);
    expect((await patch(other.token, endpoint.id, { description: 'Mine' })).status).toBe(404);
    const { user, password } = await newUser(merchant.id, 'SUPPORT');
    const support = (await signIn(api, user.email, password)).accessToken;
    expect((await patch(support, endpoint.id, { description: 'Mine' })).status).toBe(403);
    expect((await endpointRow(endpoint.id)).description).toBe('Orders');
  });
});
