import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/audit/schema';
import { db } from '@/lib/platform/db';
import { endToEndIdOf } from '@/lib/settlement/payouts/pain001';
import { useTestApi } from '../support/api-server';
import { BANK_ACCOUNT, merchantPaidTo, received, settleNow, settlementNow } from '../settlement/payouts-support';
import { call, signedInOperator, type Json } from './desk-support';

// Bank payouts wait for the bank outside the sandbox (in it, the sandbox settles them itself).
const api = useTestApi({ SANDBOX: 'false' });

/** A merchant owed money on a bank account, with a PENDING bank settlement. */
async function pendingBankSettlement(amount: string) {
  const world = await merchantPaidTo(BANK_ACCOUNT);
  await received(world.account, amount);
  return { ...world, settlement: await settleNow(world.merchant.id) };
}

/** The project's own pain.002 fixture (tests/settlement/fixtures/SOURCES.md), filled in for these settlements. */
async function statusReport(values: Record<string, string>) {
  const template = await readFile(path.join(import.meta.dirname, '../settlement/fixtures/pain002-status.xml'), 'utf8');
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? 'NONE');
}

describe('bank payouts from the console', () => {
  it('exports a merchant\'s pending bank settlements into a kept pain.001 file that downloads again, and records it', async () => {
    const admin = await signedInOperator(api);
    const owed = await pendingBankSettlement('1000');

    const exported = await call(api, 'POST', '/operator/payouts/export', admin.token, { merchantId: owed.merchant.id });
    expect(exported.status).toBe(200);
    expect(exported.body.batch).toMatchObject({ transferCount: 1, totals: { KES: { count: 1, amount: '990' } }, exportedBy: admin.user.id, statusReports: [] });
    expect((await settlementNow(owed.settlement.id)).status).toBe('PROCESSING');

    const download = await api.request('GET', `/operator/payouts/batches/${exported.body.batch.id}/file`, { token: admin.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/xml');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${exported.body.batch.messageId}.xml"`);
    const xml = await download.text();
    expect(xml).toContain(`<MsgId>${exported.body.batch.messageId}</MsgId>`);
    expect(xml).toContain(`<EndToEndId>${endToEndIdOf(owed.settlement.id)}</EndToEndId>`);

    const listed = await call(api, 'GET', '/operator/payouts/batches?limit=200', admin.token);
    expect((listed.body.data as Json[]).map((batch) => batch.id)).toContain(exported.body.batch.id);
    const actions = (await db().select().from(auditEvents).where(and(eq(auditEvents.merchantId, owed.merchant.id), eq(auditEvents.actorType, 'operator')))).map((row) => row.action);
    expect(actions.sort()).toEqual(['payouts.exported', 'payouts.file_downloaded']);

    // Nothing else of this merchant waits: a second export makes no file.
    expect((await call(api, 'POST', '/operator/payouts/export', admin.token, { merchantId: owed.merchant.id })).body).toEqual({ batch: null });
  });

  it("imports the bank's status report: ACSC pays, RJCT fails with the bank's reason; a second import changes nothing", async () => {
    const admin = await signedInOperator(api);
    const paid = await pendingBankSettlement('1000');
    const rejected = await pendingBankSettlement('700');
    const batches = await Promise.all([paid, rejected].map(async (owed) => (await call(api, 'POST', '/operator/payouts/export', admin.token, { merchantId: owed.merchant.id })).body.batch as Json));
    const xml = await statusReport({ MESSAGE_ID: batches[0]!.messageId, E2E_SETTLED: endToEndIdOf(paid.settlement.id), E2E_REJECTED: endToEndIdOf(rejected.settlement.id) });

    const imported = await call(api, 'POST', '/operator/payouts/status-reports', admin.token, { fileName: 'psr-20261126.xml', xml });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ originalMessageId: batches[0]!.messageId, paid: [paid.settlement.id], failed: [{ id: rejected.settlement.id }] });
    expect(await settlementNow(paid.settlement.id)).toMatchObject({ status: 'PAID' });
    expect(await settlementNow(rejected.settlement.id)).toMatchObject({ status: 'FAILED' });
    const audited = await db().select().from(auditEvents).where(and(inArray(auditEvents.merchantId, [paid.merchant.id, rejected.merchant.id]), eq(auditEvents.action, 'payouts.status_imported')));
    expect(audited.map((row) => row.merchantId).sort()).toEqual([paid.merchant.id, rejected.merchant.id].sort());

    const listed = await call(api, 'GET', '/operator/payouts/batches?limit=200', admin.token);
    const batch = (listed.body.data as Json[]).find((row) => row.id === batches[0]!.id);
    expect(batch!.statusReports).toEqual([expect.objectContaining({ fileName: 'psr-20261126.xml', paid: 1, failed: 1 })]);

    const again = await call(api, 'POST', '/operator/payouts/status-reports', admin.token, { fileName: 'psr-20261126.xml', xml });
    expect(again.body).toMatchObject({ paid: [], failed: [] });
  });

  it('refuses an unreadable report with a sentence and changes nothing; support staff can read but not export or import', async () => {
    const admin = await signedInOperator(api);
    const support = await signedInOperator(api, 'PLATFORM_SUPPORT');
    const owed = await pendingBankSettlement('500');

    const unreadable = await call(api, 'POST', '/operator/payouts/status-reports', admin.token, { fileName: 'bank.xml', xml: '<Document><CstmrPmtStsRpt>' });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.detail).toMatch(/^The file "bank\.xml": .*nothing was changed\.$/);
    expect(unreadable.body.detail).not.toContain('/tmp');

    expect((await call(api, 'GET', '/operator/payouts/batches', support.token)).status).toBe(200);
    expect((await call(api, 'POST', '/operator/payouts/export', support.token, { merchantId: owed.merchant.id })).status).toBe(403);
    expect((await call(api, 'POST', '/operator/payouts/status-reports', support.token, { xml: '<x/>' })).status).toBe(403);
    expect((await settlementNow(owed.settlement.id)).status).toBe('PENDING');
  });
});
