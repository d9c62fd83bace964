import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { signedInMerchant } from '../customers/helpers';
import { inDays } from '../bills/helpers';

const api = useTestApi();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe('the audit log in words', () => {
  it('names a bill by its reference and its amount as the portal writes money, never by a UUID', async () => {
    const { token } = await signedInMerchant(api);
    const created = await api.request('POST', '/merchants/me/expected-payments', { token, json: { paymentReference: 'INV-AUD-7', amount: 12500.5, expiresAt: inDays(7) } });
    expect(created.status).toBe(201);
    const bill = await created.json();
    expect((await api.request('POST', `/merchants/me/expected-payments/${bill.id}/cancel`, { token })).status).toBe(200);
    const entries = await (await api.request('GET', '/merchants/me/audit-events?action=bill.*', { token })).json();
    const summaries = entries.map((entry: { summary: string }) => entry.summary);
    expect(summaries).toEqual(['Bill INV-AUD-7 cancelled; its account is closed.', 'Bill INV-AUD-7 for KES 12,500.50 created.']);
    for (const summary of summaries) expect(summary).not.toMatch(UUID);
  });
});
