import { describe, expect, it } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { ingestPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { assignSuspense } from '@/lib/suspense/assign';
import { customerBody } from '../customers/helpers';
import { mpesa } from '../payments/support';
import { reverse } from '../reversals/support';
import { useTestApi } from '../support/api-server';
import { adminOfNewMerchant, json } from './helpers';

const api = useTestApi();

interface Entry {
  actor: { type: string; id: string | null };
  action: string;
  target: { type: string; id: string } | null;
  summary: string;
}

const entries = async (token: string, query: string) => json<Entry[]>(await api.request('GET', `/merchants/me/audit-events${query}`, { token }), 200);
const actionsOn = async (token: string, targetId: string) => (await entries(token, `?target=${targetId}`)).map((entry) => entry.action);

/** Money in USD for a KES account: it waits in the merchant's suspense. */
async function dollarsInSuspense(accountNumber: string) {
  const inbound = mpesa(accountNumber, '75.00', { currency: 'USD' });
  expect(await ingestPayment(inbound, { strict: false })).toMatchObject({ outcome: 'suspense' });
  return inbound;
}

describe('audit entries of the money-handling actions', () => {
  it('records accounts opened, phone prompts, payer links and test events, without the payer phone or the link token', async () => {
    const admin = await adminOfNewMerchant(api);
    const brand = await json<{ id: string; accountNumber: string }>(
      await api.request('POST', '/merchants/me/virtual-accounts', { token: admin.token, json: { purpose: 'BRAND', accountName: 'Audit brand' } }),
      201,
    );
    expect(await actionsOn(admin.token, brand.id)).toEqual(['virtual_account.created']);

    const customer = await json<{ id: string }>(await api.request('POST', '/merchants/me/customers', { token: admin.token, json: customerBody() }), 201);
    const customerAccount = await json<{ id: string }>(await api.request('POST', `/merchants/me/customers/${customer.id}/virtual-account`, { token: admin.token }), 201);
    await json(await api.request('POST', `/merchants/me/customers/${customer.id}/virtual-account`, { token: admin.token }), 200);
    expect(await actionsOn(admin.token, customerAccount.id)).toEqual(['virtual_account.created']);

    const prompt = await json<{ id: string }>(
      await api.request('POST', '/merchants/me/stk/initiate', { token: admin.token, json: { phone: '254712345678', amount: 10, accountNumber: brand.accountNumber } }),
      202,
    );
    const [sent] = await entries(admin.token, `?target=${prompt.id}`);
    expect(sent).toMatchObject({ action: 'stk.prompt_sent', actor: { type: 'user', id: admin.user.id } });
    expect(sent!.summary).not.toContain('712345678');

    const link = await json<{ token: string }>(await api.request('POST', '/merchants/me/payer-links', { token: admin.token, json: { targetType: 'VIRTUAL_ACCOUNT', targetId: brand.id } }), 201);
    await json(await api.request('POST', '/merchants/me/payer-links', { token: admin.token, json: { targetType: 'VIRTUAL_ACCOUNT', targetId: brand.id } }), 200);
    const linkEntries = await entries(admin.token, '?action=payer_link.*');
    expect(linkEntries).toHaveLength(1);
    expect(JSON.stringify(linkEntries)).not.toContain(link.token);

    const endpoint = await json<{ id: string }>(await api.request('POST', '/merchants/me/webhook-endpoints', { token: admin.token, json: { url: 'https://example.com/audit', description: 'Audit' } }), 201);
    await json(await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token: admin.token }), 202);
    expect(await actionsOn(admin.token, endpoint.id)).toEqual(['webhook_endpoint.test_sent', 'webhook_endpoint.created']);
  });

  it('records suspense resolved, returned and assigned by an operator, a payment reversal asked for, and nothing for a refused one', async () => {
    const admin = await adminOfNewMerchant(api);
    const kes = admin.virtualAccount;
    const dollars = await insertVirtualAccount(db(), {
      merchantId: admin.merchant.id, subMerchantId: null, ownerType: 'MERCHANT', ownerId: admin.merchant.id, purpose: 'LEGACY', accountName: 'Dollars', accountType: 'STATIC', currency: 'USD',
    });
    await dollarsInSuspense(kes.accountNumber);
    await dollarsInSuspense(kes.accountNumber);
    const [first, second] = await json<{ id: string }[]>(await api.request('GET', '/merchants/me/suspense', { token: admin.token }), 200);

    const resolved = await json<{ payment: { id: string } }>(
      await api.request('POST', `/merchants/me/suspense/${first!.id}/resolve`, { token: admin.token, json: { virtualAccountId: dollars.id } }),
      200,
    );
    await json(await api.request('POST', `/merchants/me/suspense/${first!.id}/resolve`, { token: admin.token, json: { virtualAccountId: dollars.id } }), 200);
    await json(await api.request('POST', `/merchants/me/suspense/${second!.id}/return`, { token: admin.token, json: {} }), 200);
    expect(await actionsOn(admin.token, first!.id)).toEqual(['suspense.resolved']);
    expect(await actionsOn(admin.token, second!.id)).toEqual(['suspense.return_requested']);

    // Money naming no account the service knows, given to this merchant by an operator at the CLI.
    const unknown = mpesa('9999999999', '40.00');
    expect(await ingestPayment(unknown, { strict: false })).toMatchObject({ outcome: 'suspense' });
    const { suspenseId } = (await db().execute<{ suspenseId: string }>(
      `select id as "suspenseId" from suspense_payments where provider_reference = '${unknown.providerReference}'`,
    )).rows[0]!;
    expect(await assignSuspense(suspenseId, kes.accountNumber)).toMatchObject({ ok: true });
    const [assigned] = await entries(admin.token, `?target=${suspenseId}`);
    expect(assigned).toMatchObject({ action: 'suspense.assigned', actor: { type: 'system', id: null } });

    // The credited dollars are reversed: asked once, and a second ask (refused) adds nothing.
    expect((await reverse(api, admin.token, resolved.payment.id, { json: {} })).status).toBe(202);
    expect((await reverse(api, admin.token, resolved.payment.id, { json: {} })).status).toBe(409);
    expect(await actionsOn(admin.token, resolved.payment.id)).toEqual(['payment.reversal_requested']);
  });
});
