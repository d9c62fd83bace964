import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformAuditEvents } from '@/lib/audit/platform-schema';
import { auditEvents } from '@/lib/audit/schema';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { freshAddress, newMerchant, signIn } from '../support/fixtures';
import { bankBody, c2bBody, postBank, postC2b } from '../rails/support';
import { call, signedInOperator, type Json } from './desk-support';

const BANK_SECRET = 'operator-core-bank-secret-of-32-characters';
const api = useTestApi({ BANK_WEBHOOK_SECRET: BANK_SECRET });

describe('merchants in the operator console', () => {
  it("creates a merchant with its LEGACY account; its first admin accepts the one-time invitation and signs in", async () => {
    const operator = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const adminEmail = `admin-${Date.now()}@duka.test`;
    const created = await call(api, 'POST', '/operator/merchants', operator.token, { name: 'Duka la Mama', adminEmail, adminFirstName: 'Amina', adminLastName: 'Odhiambo' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ merchant: { name: 'Duka la Mama', status: 'ACTIVE', defaultCurrency: 'KES' }, invitation: { emailed: false } });
    const token = (created.body.invitation.url as string).split('/invitations/')[1]!;

    const preview = await api.request('GET', `/auth/invitations/${token}`);
    expect(await preview.json()).toMatchObject({ email: adminEmail, merchantName: 'Duka la Mama', role: 'MERCHANT_ADMIN' });
    expect((await api.request('POST', `/auth/invitations/${token}/accept`, { json: { firstName: 'Amina', lastName: 'Odhiambo', password: 'a-long-password' } })).status).toBe(201);
    const admin = await signIn(api, adminEmail, 'a-long-password');
    const me = await (await api.request('GET', '/merchants/me', { token: admin.accessToken })).json();
    expect(me).toMatchObject({ id: created.body.merchant.id, name: 'Duka la Mama' });
    const accounts = (await (await api.request('GET', '/merchants/me/virtual-accounts?purpose=LEGACY', { token: admin.accessToken })).json()) as Json[];
    expect(accounts).toHaveLength(1);

    // The link worked once.
    expect((await api.request('POST', `/auth/invitations/${token}/accept`, { json: { firstName: 'X', lastName: 'Y', password: 'another-long-one' } })).status).toBe(410);
    // The merchant's log says the provider made it, by name.
    const log = await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, created.body.merchant.id), eq(auditEvents.action, 'merchant.created')));
    expect(log[0]).toMatchObject({ actorType: 'operator', actorLabel: 'Collect support (Jane Wanjiru)' });
  });

  it('searches merchants by part of the name and by status', async () => {
    const operator = await signedInOperator(api, 'PLATFORM_SUPPORT');
    const a = await newMerchant(`Searchable Bakery ${Date.now()}`);
    const { status, body } = await call(api, 'GET', `/operator/merchants?q=${encodeURIComponent('searchable bakery')}&status=ACTIVE&limit=200`, operator.token);
    expect(status).toBe(200);
    expect((body.data as Json[]).map((row) => row.id)).toContain(a.merchant.id);
    const disabled = await call(api, 'GET', `/operator/merchants?q=${encodeURIComponent('searchable bakery')}&status=DISABLED`, operator.token);
    expect((disabled.body.data as Json[]).map((row) => row.id)).not.toContain(a.merchant.id);
  });

  it("shows a merchant's page (users, accounts, balances, pricing, settlement accounts, payments) and the merchant sees that support looked", async () => {
    const operator = await signedInOperator(api, 'PLATFORM_SUPPORT', { firstName: 'Brian', lastName: 'Kiprop' });
    const a = await newMerchant('Page Merchant');
    const b = await newMerchant('Other Merchant');
    await postC2b(api, 'confirmation', c2bBody(a.virtualAccount.accountNumber, '150.00'));
    const { status, body } = await call(api, 'GET', `/operator/merchants/${a.merchant.id}`, operator.token);
    expect(status).toBe(200);
    expect(body.merchant).toMatchObject({ id: a.merchant.id, name: 'Page Merchant' });
    expect((body.users as Json[]).map((user) => user.email)).toEqual([a.user.email]);
    expect((body.accounts as Json[]).map((account) => account.accountNumber)).toContain(a.virtualAccount.accountNumber);
    expect(body.recentPayments).toHaveLength(1);
    expect(body.recentPayments[0]).toMatchObject({ amount: 150 });
    expect(body).toHaveProperty('balances');
    expect(body.pricing).toEqual({ versions: [], pending: [] });

    const seenByA = await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, a.merchant.id), eq(auditEvents.actorType, 'operator')));
    expect(seenByA.map((row) => row.summary)).toContain('Collect support (Brian Kiprop) viewed the merchant page of Page Merchant.');
    const seenByB = await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, b.merchant.id), eq(auditEvents.actorType, 'operator')));
    expect(seenByB).toEqual([]);
    const platform = await db().select().from(platformAuditEvents).where(eq(platformAuditEvents.operatorId, operator.user.id));
    expect(platform.map((row) => ({ kind: row.kind, action: row.action, merchantIds: row.merchantIds }))).toContainEqual({ kind: 'read', action: 'operator.merchant_viewed', merchantIds: [a.merchant.id] });

    // The merchant's administrator reads it in their own audit log, and never another merchant's.
    const admin = await signIn(api, a.user.email, a.password);
    const own = (await (await api.request('GET', '/merchants/me/audit-events?limit=200', { token: admin.accessToken })).json()) as Json[];
    expect(own.find((event) => event.actor.type === 'operator')).toMatchObject({ actor: { label: 'Collect support (Brian Kiprop)' }, action: 'operator.merchant_viewed' });
    expect(own.every((event) => !String(event.summary).includes('Other Merchant'))).toBe(true);
  });

  it('disables a merchant: sign-in refused, sessions ended, C2B validation C2B00012, bank credits to suspense; enable gives it all back', async () => {
    const operator = await signedInOperator(api, 'PLATFORM_ADMIN');
    const a = await newMerchant('To Be Disabled');
    const live = await signIn(api, a.user.email, a.password);
    const key = (await (await api.request('POST', '/merchants/me/api-keys', { token: live.accessToken, json: { name: 'Till', role: 'PLAIN_MERCHANT' } })).json()) as { secret: string };
    const keyToken = ((await (await api.request('POST', '/auth/token', { json: { apiKey: key.secret } })).json()) as { accessToken: string }).accessToken;

    const disabled = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/disable`, operator.token, { reason: 'KYC documents expired' });
    expect(disabled).toMatchObject({ status: 200, body: { status: 'DISABLED', disabledReason: 'KYC documents expired' } });

    expect((await api.request('GET', '/merchants/me', { token: live.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/merchants/me', { token: keyToken })).status).toBe(401);
    const refused = await api.request('POST', '/auth/login', { json: { email: a.user.email, password: a.password }, headers: { 'x-forwarded-for': freshAddress() } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'merchant_disabled' });
    expect((await api.request('POST', '/auth/token', { json: { apiKey: key.secret } })).status).toBe(403);

    const validation = await postC2b(api, 'validation', c2bBody(a.virtualAccount.accountNumber, '100.00'));
    expect(await validation.json()).toMatchObject({ ResultCode: 'C2B00012' });
    const credit = bankBody(a.virtualAccount.accountNumber, '5000.00');
    const banked = await postBank(api, credit, BANK_SECRET);
    expect(await banked.json()).toMatchObject({ status: 'suspense' });
    const [held] = await db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, credit.bankReference));
    expect(held).toMatchObject({ reason: 'MERCHANT_DISABLED' });

    const again = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/disable`, operator.token, { reason: 'twice' });
    expect(again.status).toBe(409);

    const enabled = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/enable`, operator.token, { reason: 'KYC renewed' });
    expect(enabled).toMatchObject({ status: 200, body: { status: 'ACTIVE', disabledReason: null } });
    expect((await signIn(api, a.user.email, a.password)).accessToken).toBeTruthy();
    expect(await (await postC2b(api, 'validation', c2bBody(a.virtualAccount.accountNumber, '100.00'))).json()).toMatchObject({ ResultCode: '0' });

    const log = await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, a.merchant.id), eq(auditEvents.actorType, 'operator')));
    expect(log.map((row) => row.action)).toEqual(expect.arrayContaining(['merchant.disabled', 'merchant.enabled']));
  });
});
