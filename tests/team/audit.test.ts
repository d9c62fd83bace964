import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/audit/schema';
import { db } from '@/lib/platform/db';
import { createBill } from '../bills/helpers';
import { customerBody } from '../customers/helpers';
import { useTestApi } from '../support/api-server';
import { uniqueEmail } from '../support/fixtures';
import { adminOfNewMerchant, json, keyToken, login, signedInAs } from './helpers';

const api = useTestApi();

interface Entry {
  id: string;
  createdAt: string;
  actor: { type: string; id: string | null; label: string };
  action: string;
  target: { type: string; id: string } | null;
  summary: string;
  address: string | null;
  requestId: string | null;
}

const entries = async (token: string, query = '') => json<Entry[]>(await api.request('GET', `/merchants/me/audit-events${query}`, { token }), 200);

describe('audit log', () => {
  it('records who did what, from where and under which request id, and never a secret', async () => {
    const admin = await adminOfNewMerchant(api);
    const response = await api.request('POST', '/merchants/me/api-keys', { token: admin.token, json: { name: 'ERP', role: 'SUPPORT' }, headers: { 'x-forwarded-for': '196.201.214.7' } });
    const key = await json<{ id: string; secret: string }>(response, 201);
    const invitation = await json<{ inviteUrl: string }>(await api.request('POST', '/merchants/me/users/invitations', { token: admin.token, json: { email: uniqueEmail(), role: 'SUPPORT' } }), 201);
    await json(await api.request('POST', `/merchants/me/api-keys/${key.id}/revoke`, { token: admin.token }), 200);

    const log = await entries(admin.token);
    expect(log.map((entry) => entry.action)).toEqual(['api_key.revoked', 'invitation.created', 'api_key.created', 'auth.signed_in']);
    const created = log.find((entry) => entry.action === 'api_key.created')!;
    expect(created).toMatchObject({
      actor: { type: 'user', id: admin.user.id, label: admin.user.email },
      target: { type: 'api_key', id: key.id },
      address: '196.201.214.7',
      requestId: response.headers.get('x-request-id'),
    });
    const everything = JSON.stringify(await db().select().from(auditEvents).where(eq(auditEvents.merchantId, admin.merchant.id)));
    expect(everything).not.toContain(key.secret);
    expect(everything).not.toContain(invitation.inviteUrl.split('/').at(-1));
    expect(everything).not.toContain(admin.password);
  });

  it('records failed sign-ins of known users, and changes made with an API key under the key', async () => {
    const admin = await adminOfNewMerchant(api);
    expect((await login(api, admin.user.email, 'wrong-password')).status).toBe(401);
    const { key, token } = await keyToken(api, admin.token, 'PLAIN_MERCHANT');
    const endpoint = await json<{ id: string }>(await api.request('POST', '/merchants/me/webhook-endpoints', { token, json: { url: 'https://example.com/hooks', description: 'Orders' } }), 201);
    const failed = await entries(admin.token, '?action=auth.sign_in_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor: { type: 'anonymous', label: admin.user.email }, target: { type: 'user', id: admin.user.id } });
    const byKey = await entries(admin.token, `?actor=${key.id}`);
    expect(byKey).toHaveLength(1);
    expect(byKey[0]).toMatchObject({ action: 'webhook_endpoint.created', actor: { type: 'api_key', id: key.id, label: 'key PLAIN_MERCHANT' }, target: { type: 'webhook_endpoint', id: endpoint.id } });
  });

  it("records bills, webhook endpoints and customers in the other domains' transactions, a repeated cancel once", async () => {
    const admin = await adminOfNewMerchant(api);
    const bill = await createBill(api, admin.token);
    await json(await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token: admin.token }), 200);
    await json(await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token: admin.token }), 200);
    const endpoint = await json<{ id: string }>(await api.request('POST', '/merchants/me/webhook-endpoints', { token: admin.token, json: { url: 'https://example.com/a', description: 'A' } }), 201);
    await json(await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/rotate-secret`, { token: admin.token }), 200);
    await json(await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deactivate`, { token: admin.token }), 200);
    expect((await entries(admin.token, `?target=${bill.id}`)).map((entry) => entry.action)).toEqual(['bill.cancelled', 'bill.created']);
    expect((await entries(admin.token, `?target=${endpoint.id}`)).map((entry) => entry.action)).toEqual(['webhook_endpoint.deactivated', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.created']);
    const branch = await json<{ id: string }>(await api.request('POST', '/merchants/me/sub-merchants', { token: admin.token, json: { name: 'Audit branch' } }), 201);
    expect((await entries(admin.token, `?target=${branch.id}`)).map((entry) => entry.action)).toEqual(['sub_merchant.created']);
    const customer = await json<{ id: string }>(await api.request('POST', '/merchants/me/customers', { token: admin.token, json: customerBody() }), 201);
    expect((await entries(admin.token, `?target=${customer.id}`)).map((entry) => entry.action)).toEqual(['customer.created']);
  });

  it('filters by actor, action family, target and time, and pages by keyset', async () => {
    const admin = await adminOfNewMerchant(api);
    const before = new Date().toISOString();
    for (const name of ['a', 'b', 'c']) await json(await api.request('POST', '/merchants/me/api-keys', { token: admin.token, json: { name, role: 'SUPPORT' } }), 201);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    await json(await api.request('PATCH', `/merchants/me/users/${plain.user.id}`, { token: admin.token, json: { role: 'SUPPORT' } }), 200);

    expect((await entries(admin.token, '?action=api_key.*')).map((entry) => entry.action)).toEqual(['api_key.created', 'api_key.created', 'api_key.created']);
    expect((await entries(admin.token, `?target=${plain.user.id}&action=user.role_changed`))[0]!.summary).toContain('PLAIN_MERCHANT → SUPPORT');
    expect((await entries(admin.token, `?actor=${encodeURIComponent(plain.user.email)}`)).map((entry) => entry.action)).toEqual(['auth.signed_in']);
    expect(await entries(admin.token, `?to=${encodeURIComponent(before)}&action=api_key.*`)).toEqual([]);
    expect((await entries(admin.token, `?from=${encodeURIComponent(before)}`)).length).toBeGreaterThanOrEqual(5);

    const first = await api.request('GET', '/merchants/me/audit-events?limit=2', { token: admin.token });
    const page = await json<Entry[]>(first, 200);
    const next = first.headers.get('link')!.match(/<\/api\/v1([^>]+)>/)![1]!;
    const second = await json<Entry[]>(await api.request('GET', next, { token: admin.token }), 200);
    expect(page).toHaveLength(2);
    expect(second.map((entry) => entry.id)).not.toContain(page[0]!.id);
    expect(Date.parse(second[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(page[1]!.createdAt));

    const bad = await api.request('GET', '/merchants/me/audit-events?action=DROP%20TABLE&from=yesterday', { token: admin.token });
    expect(bad.status).toBe(422);
    expect([...new Set((await bad.json()).errors.map((error: { path: string }) => error.path))].sort()).toEqual(['query.action', 'query.from']);
  });

  it('is append-only: the database refuses to change or delete an entry, and only admins read it', async () => {
    const admin = await adminOfNewMerchant(api);
    await expect(db().update(auditEvents).set({ summary: 'nothing happened' }).where(eq(auditEvents.merchantId, admin.merchant.id))).rejects.toThrow();
    await expect(db().delete(auditEvents).where(eq(auditEvents.merchantId, admin.merchant.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await entries(admin.token)).toHaveLength(1);
    const plain = await signedInAs(api, admin.merchant.id, 'PLAIN_MERCHANT');
    expect((await api.request('GET', '/merchants/me/audit-events', { token: plain.token })).status).toBe(403);
    const other = await adminOfNewMerchant(api);
    expect((await entries(other.token)).every((entry) => entry.actor.id === other.user.id)).toBe(true);
  });
});
