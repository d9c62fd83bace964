import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectionAccounts } from '@/lib/accounts/schema';
import { platformAuditEvents } from '@/lib/audit/platform-schema';
import { auditEvents } from '@/lib/audit/schema';
import { operatorApprovals } from '@/lib/operator/schema';
import { merchantPricing } from '@/lib/pricing/schema';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { bankBody, postBank } from '../rails/support';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { call, signedInOperator, type Json } from './desk-support';

const BANK_SECRET = 'operator-core-four-eyes-bank-secret-32chars';
const api = useTestApi({ BANK_WEBHOOK_SECRET: BANK_SECRET });
const rules = { MOBILE_MONEY: { percent: '1.2', fixed: '0', min: '1', max: '150' } };

describe('pricing changes need a second PLATFORM_ADMIN (four eyes)', () => {
  it('is pending with who asked; the asker cannot approve it; a second admin can, and it applies from then on', async () => {
    const asker = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Jane', lastName: 'Wanjiru' });
    const approver = await signedInOperator(api, 'PLATFORM_ADMIN', { firstName: 'Otieno', lastName: 'Ouma' });
    const support = await signedInOperator(api, 'PLATFORM_SUPPORT');
    const a = await newMerchant('Priced Merchant');

    const asked = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/pricing-changes`, asker.token, { currency: 'KES', rules, reason: 'Volume discount agreed in November' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ kind: 'PRICING', status: 'PENDING', currency: 'KES', merchant: { id: a.merchant.id, name: 'Priced Merchant' }, requestedBy: { id: asker.user.id } });
    expect(asked.body.requestedBy.label).toContain('Jane Wanjiru');
    expect(await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, a.merchant.id))).toEqual([]);

    const pending = await call(api, 'GET', '/operator/pricing-changes?status=PENDING&limit=200', support.token);
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect((pending.body.data as Json[]).map((row) => row.id)).toContain(asked.body.id);
    const page = await call(api, 'GET', `/operator/merchants/${a.merchant.id}`, support.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.pricing.pending.map((row: Json) => row.id)).toEqual([asked.body.id]);

    const own = await call(api, 'POST', `/operator/pricing-changes/${asked.body.id}/approve`, asker.token, {});
    expect(own).toMatchObject({ status: 403, body: { code: 'four_eyes_required' } });
    expect((await call(api, 'POST', `/operator/pricing-changes/${asked.body.id}/approve`, support.token, {})).status).toBe(403);

    const before = Date.now();
    const approved = await call(api, 'POST', `/operator/pricing-changes/${asked.body.id}/approve`, approver.token, { note: 'Checked the contract' });
    expect(approved).toMatchObject({ status: 200, body: { status: 'APPROVED', decidedBy: { id: approver.user.id } } });
    const [version] = await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, a.merchant.id));
    expect(version!.schedule).toEqual({ KES: rules });
    expect(version!.effectiveFrom.getTime()).toBeGreaterThanOrEqual(before);
    expect(version!.createdBy).toContain('approved by Otieno Ouma');

    // Decided once: a second approval is refused and changes nothing.
    expect((await call(api, 'POST', `/operator/pricing-changes/${asked.body.id}/approve`, approver.token, {})).status).toBe(409);
    expect(await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, a.merchant.id))).toHaveLength(1);

    const merchantLog = await db().select().from(auditEvents).where(eq(auditEvents.merchantId, a.merchant.id));
    expect(merchantLog.map((row) => row.action)).toEqual(expect.arrayContaining(['pricing.change_requested', 'pricing.change_approved']));
  });

  it('refuses fees that are not valid before anything is pending', async () => {
    const asker = await signedInOperator(api, 'PLATFORM_ADMIN');
    const a = await newMerchant('Badly Priced');
    const bad = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/pricing-changes`, asker.token, { currency: 'KES', rules: { MOBILE_MONEY: { percent: '150', fixed: '0' } }, reason: 'Typo' });
    expect(bad.status).toBe(422);
    expect(await db().select().from(operatorApprovals).where(eq(operatorApprovals.merchantId, a.merchant.id))).toEqual([]);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.merchantId, a.merchant.id)).then((rows) => rows.filter((row) => row.actorType === 'operator'))).toEqual([]);
  });

  it('lets the asker withdraw (reject) their own change; a second pending change of the same currency waits for the first', async () => {
    const asker = await signedInOperator(api, 'PLATFORM_ADMIN');
    const a = await newMerchant('Withdrawn Pricing');
    const first = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/pricing-changes`, asker.token, { currency: 'KES', rules, reason: 'First try' });
    const second = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/pricing-changes`, asker.token, { currency: 'KES', rules, reason: 'Second try' });
    expect(second.status).toBe(409);
    const withdrawn = await call(api, 'POST', `/operator/pricing-changes/${first.body.id}/reject`, asker.token, { note: 'Wrong merchant' });
    expect(withdrawn).toMatchObject({ status: 200, body: { status: 'REJECTED' } });
    expect(await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, a.merchant.id))).toEqual([]);
  });

  it("writes a change's audit rows in its transaction: an approval that fails leaves neither the change nor its audit rows", async () => {
    const asker = await signedInOperator(api, 'PLATFORM_ADMIN');
    const approver = await signedInOperator(api, 'PLATFORM_ADMIN');
    const a = await newMerchant('Atomic Pricing');
    const asked = await call(api, 'POST', `/operator/merchants/${a.merchant.id}/pricing-changes`, asker.token, { currency: 'KES', rules, reason: 'Atomicity' });
    // The database itself refuses the asker as approver (operator_approvals_four_eyes): simulate the
    // second admin's approval failing half-way by making the pricing write fail first.
    await db().execute(`alter table merchant_pricing add constraint merchant_pricing_atomicity_probe check (reason <> 'Atomicity') not valid`);
    try {
      const failed = await call(api, 'POST', `/operator/pricing-changes/${asked.body.id}/approve`, approver.token, {});
      expect(failed.status).toBe(500);
    } finally {
      await db().execute(`alter table merchant_pricing drop constraint merchant_pricing_atomicity_probe`);
    }
    const [row] = await db().select().from(operatorApprovals).where(eq(operatorApprovals.id, asked.body.id));
    expect(row!.status).toBe('PENDING');
    const approvals = await db().select().from(platformAuditEvents).where(eq(platformAuditEvents.targetId, asked.body.id));
    expect(approvals.map((event) => event.action)).toEqual(['pricing.change_requested']);
  });
});

/**
 * GBP, which no other test reads the collection account of: statement and payout tests read the
 * KES and USD accounts' sandbox numbers, and test files share one database.
 */
describe('collection accounts', () => {
  it('sets a real account at once while no money went through it', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const invalid = await call(api, 'PUT', '/operator/collection-accounts/GBP', admin.token, { accountNumber: '12-34', bankName: 'KCB', branch: 'Moi Avenue', reason: 'Real account' });
    expect(invalid.status).toBe(422);
    const put = await call(api, 'PUT', '/operator/collection-accounts/GBP', admin.token, { accountNumber: '0987654321', bankName: 'Equity Bank', branch: 'Upper Hill', reason: 'GBP account opened' });
    expect(put).toMatchObject({ status: 200, body: { status: 'APPLIED', account: { currency: 'GBP', accountNumber: '0987654321', bankName: 'Equity Bank', isSandboxDefault: false } } });
  });

  it('needs a second admin to change an account that money went through already', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    const second = await signedInOperator(api, 'PLATFORM_ADMIN');
    const a = await newMerchant('Collection Merchant');
    const account = await db().transaction((tx) =>
      insertVirtualAccount(tx, { merchantId: a.merchant.id, ownerType: 'MERCHANT', ownerId: a.merchant.id, purpose: 'LEGACY', accountName: 'Sterling', accountType: 'STATIC', currency: 'GBP' }),
    );
    const credited = await postBank(api, bankBody(account.accountNumber, '100.00', { currency: 'GBP', channel: 'RTGS' }), BANK_SECRET);
    expect(await credited.json()).toMatchObject({ status: 'recorded' });

    const put = await call(api, 'PUT', '/operator/collection-accounts/GBP', admin.token, { accountNumber: '1234567890123', bankName: 'Kenya Commercial Bank', branch: 'Moi Avenue', reason: 'Moved to KCB' });
    expect(put).toMatchObject({ status: 202, body: { status: 'PENDING', approval: { kind: 'COLLECTION_ACCOUNT', currency: 'GBP' } } });
    const [unchanged] = await db().select().from(collectionAccounts).where(eq(collectionAccounts.currency, 'GBP'));
    expect(unchanged!.bankAccountNumber).not.toBe('1234567890123');

    const listed = await call(api, 'GET', '/operator/collection-accounts', admin.token);
    expect((listed.body.data as Json[]).find((row) => row.currency === 'GBP')).toMatchObject({ receivedCredits: true, pendingChange: { id: put.body.approval.id } });

    expect((await call(api, 'POST', `/operator/pricing-changes/${put.body.approval.id}/approve`, admin.token, {})).status).toBe(403);
    expect((await call(api, 'POST', `/operator/pricing-changes/${put.body.approval.id}/approve`, second.token, {})).status).toBe(200);
    const [changed] = await db().select().from(collectionAccounts).where(eq(collectionAccounts.currency, 'GBP'));
    expect(changed).toMatchObject({ bankAccountNumber: '1234567890123', bankName: 'Kenya Commercial Bank', branch: 'Moi Avenue' });
  });
});
