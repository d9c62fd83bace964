import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformAuditEvents } from '@/lib/audit/platform-schema';
import { auditEvents } from '@/lib/audit/schema';
import { db } from '@/lib/platform/db';
import { redactRailBody } from '@/lib/rails/redact';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { createBill } from '../payments/support';
import { initiate, settled } from '../stk/support';
import { c2bBody, postC2b } from '../rails/support';
import { call, signedInOperator, uniquePhone, type Json } from './desk-support';

const api = useTestApi();

const operatorAudit = (merchantId: string) =>
  db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, merchantId), eq(auditEvents.actorType, 'operator')));

describe("one payment's whole story for the operator", () => {
  it('shows the payment, its merchant, account, bill, ledger entries and the callback as M-Pesa sent it, twice when sent twice', async () => {
    const a = await newMerchant('Kiosk ya Wanjiru');
    const { accessToken } = await signIn(api, a.user.email, a.password);
    const bill = await createBill(api, accessToken, { amount: 1200, currency: 'KES' });
    const body = c2bBody(`${a.virtualAccount.accountNumber}#${bill.paymentReference}`, '1200.00', { MSISDN: uniquePhone() });
    expect((await postC2b(api, 'confirmation', body)).status).toBe(200);
    expect((await postC2b(api, 'confirmation', body)).status).toBe(200); // Daraja retries: one payment, two notifications
    const operator = await signedInOperator(api);
    const [found] = (await call(api, 'GET', `/operator/payments?q=${body.TransID}`, operator.token)).body.data as Json[];
    // The reference the payer typed finds it too, whoever's bill it is.
    expect(((await call(api, 'GET', `/operator/payments?q=${bill.paymentReference}`, operator.token)).body.data as Json[]).map((payment) => payment.id)).toEqual([found!.id]);

    const { status, body: story } = await call(api, 'GET', `/operator/payments/${found!.id}`, operator.token);
    expect(status).toBe(200);
    expect(story.payment).toMatchObject({ id: found!.id, providerReference: body.TransID, amount: 1200, matchStatus: 'MATCHED' });
    expect(story.merchant).toEqual({ id: a.merchant.id, name: 'Kiosk ya Wanjiru' });
    expect(story.account.id).toBe(story.payment.virtualAccountId);
    expect(story.bill).toMatchObject({ id: bill.id, status: 'PAID' });
    expect(story.ledgerEntries.map((entry: Json) => entry.type)).toContain('CREDIT');
    expect(story.ledgerEntries.every((entry: Json) => entry.paymentId === found!.id)).toBe(true);
    expect(story.railNotifications).toHaveLength(2);
    for (const notification of story.railNotifications as Json[]) {
      expect(notification).toMatchObject({ rail: 'MPESA', kind: 'C2B_CONFIRMATION', providerReference: body.TransID });
      expect(JSON.parse(notification.body)).toEqual(body);
    }
    expect(story.reversals).toEqual([]);
    expect(story.settlement).toBeNull();
    expect(story.webhookDeliveries).toEqual([]);
  });

  it("finds a phone prompt's payment by its CheckoutRequestID, with the prompt and its callback", async () => {
    const a = await newMerchant();
    const { accessToken } = await signIn(api, a.user.email, a.password);
    const prompt = await initiate(api, accessToken, { phone: uniquePhone(), amount: 450, accountNumber: a.virtualAccount.accountNumber });
    const done = await settled(api, accessToken, prompt.id);
    expect(done.status).toBe('COMPLETED');
    const operator = await signedInOperator(api);

    const [found, ...more] = (await call(api, 'GET', `/operator/payments?q=${prompt.checkoutRequestId}`, operator.token)).body.data as Json[];
    expect(more).toEqual([]);
    expect(found).toMatchObject({ id: done.paymentId, amount: 450, merchant: { id: a.merchant.id } });
    const story = (await call(api, 'GET', `/operator/payments/${found!.id}`, operator.token)).body;
    expect(story.prompts).toEqual([expect.objectContaining({ id: prompt.id, checkoutRequestId: prompt.checkoutRequestId, status: 'COMPLETED' })]);
    const [callback] = story.railNotifications as Json[];
    expect(callback).toMatchObject({ kind: 'STK_CALLBACK', checkoutRequestId: prompt.checkoutRequestId });
    expect(JSON.parse(callback!.body).Body.stkCallback).toMatchObject({ CheckoutRequestID: prompt.checkoutRequestId, ResultCode: 0 });
  });

  it("puts every operator view of A's payment in A's audit log, and none in B's", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const body = c2bBody(a.virtualAccount.accountNumber, '640.00', { MSISDN: uniquePhone() });
    await postC2b(api, 'confirmation', body);
    await postC2b(api, 'confirmation', c2bBody(b.virtualAccount.accountNumber, '90.00'));
    const operator = await signedInOperator(api, 'PLATFORM_SUPPORT', { firstName: 'Jane', lastName: 'Wanjiru' });
    const [found] = (await call(api, 'GET', `/operator/payments?q=${body.TransID}`, operator.token)).body.data as Json[];

    expect((await call(api, 'GET', `/operator/payments/${found!.id}`, operator.token)).status).toBe(200);
    expect((await call(api, 'GET', `/operator/payments/${found!.id}`, operator.token)).status).toBe(200);
    const views = (await operatorAudit(a.merchant.id)).filter((row) => row.action === 'payment.viewed');
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ targetType: 'payment', targetId: found!.id, actorId: operator.user.id, summary: `Collect support (Jane Wanjiru) viewed payment ${body.TransID}` });
    expect(await operatorAudit(b.merchant.id)).toEqual([]);

    // The merchant reads it in its own audit log through the API.
    const { accessToken } = await signIn(api, a.user.email, a.password);
    const log = await call(api, 'GET', '/merchants/me/audit-events', accessToken);
    expect(JSON.stringify(log.body)).toContain(`viewed payment ${body.TransID}`);
  });

  it('answers 404 for a payment that does not exist, and records nothing', async () => {
    const operator = await signedInOperator(api);
    const missing = await call(api, 'GET', '/operator/payments/00000000-0000-4000-8000-000000000000', operator.token);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    const recorded = await db().select().from(platformAuditEvents).where(and(eq(platformAuditEvents.operatorId, operator.user.id), eq(platformAuditEvents.kind, 'read')));
    expect(recorded).toEqual([]);
  });
});

describe('raw rail bodies shown to support', () => {
  it('hides every secret-named value in JSON and in XML, and keeps what support needs', () => {
    const json = redactRailBody(JSON.stringify({ Result: { Password: 'p4ss', SecurityCredential: 'c2VjcmV0', MSISDN: '254712345678', nested: [{ access_token: 'abc' }] } }));
    expect(json).not.toMatch(/p4ss|c2VjcmV0|abc/);
    expect(JSON.parse(json)).toEqual({ Result: { Password: '[redacted]', SecurityCredential: '[redacted]', MSISDN: '254712345678', nested: [{ access_token: '[redacted]' }] } });
    const xml = redactRailBody('<Request><SecurityCredential>c2VjcmV0</SecurityCredential><Amount>10</Amount></Request>');
    expect(xml).toBe('<Request><SecurityCredential>[redacted]</SecurityCredential><Amount>10</Amount></Request>');
  });

  it('shows a body nested deeper than any rail sends without walking it all', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(redactRailBody(deep)).toContain('[nested too deeply to show]');
  });
});
