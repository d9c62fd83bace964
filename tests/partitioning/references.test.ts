import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { checkLedger } from '@/lib/ledger/check';
import { paymentWithReference } from '@/lib/payments/by-reference';
import { ingestPayment } from '@/lib/payments/ingest';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { useTestApi } from '../support/api-server';
import { c2bBody, postC2b } from '../rails/support';
import { mpesa, signedInMerchant } from '../payments/support';
import { call, signedInOperator, uniquePhone } from '../operator/desk-support';

const api = useTestApi();

/** The month partition a row written at `at` belongs in (UTC months, migration 0034). */
const partitionOf = (table: string, at: Date) => `${table}_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFrom = (at: Date, months: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 15, 9));

afterEach(() => {
  vi.useRealTimers();
});

/** A C2B confirmation recorded as if it arrived in `month` (its partition made first, as the job would have). */
async function paidIn(month: Date, accountNumber: string, amount: string, overrides: Record<string, unknown> = {}) {
  await createMonthlyPartitions({ now: month, monthsAhead: 0 });
  const body = c2bBody(accountNumber, amount, overrides);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(month);
  try {
    expect((await postC2b(api, 'confirmation', body)).status).toBe(200);
  } finally {
    vi.useRealTimers();
  }
  return body;
}

async function claimOf(reference: string) {
  const { rows } = await db().execute<{ created_at: string | null }>(sql`select created_at::text from rail_references where rail = 'MPESA' and provider_reference = ${reference}`);
  return rows[0];
}

/** The partitions of payments a statement's plan actually ran (pruned ones at run time were never executed). */
async function partitionsExecuted(query: SQL): Promise<string[]> {
  const { rows } = await db().execute<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(sql`explain (analyze, format json, timing off, summary off) ${query}`);
  const executed: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const name = node['Relation Name'];
    if (typeof name === 'string' && name.startsWith('payments') && Number(node['Actual Loops'] ?? 0) > 0) executed.push(name);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(rows[0]!['QUERY PLAN'][0]!.Plan);
  return executed;
}

/** The partitions of payments in a statement's plan (pruned when planning: not there at all). */
async function partitionsPlanned(query: SQL): Promise<string[]> {
  const { rows } = await db().execute<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(sql`explain (format json) ${query}`);
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Relation Name'] === 'string' && node['Relation Name'].startsWith('payments')) found.push(node['Relation Name']);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(rows[0]!['QUERY PLAN'][0]!.Plan);
  return found;
}

describe('a rail reference names its payment\'s month', () => {
  it('keeps the payment\'s created_at in the reference\'s claim, and reads the payment by reference in that month only', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const lastMonth = monthsFrom(new Date(), -2);
    const body = await paidIn(lastMonth, virtualAccount.accountNumber, '410.00');
    const { rows } = await db().execute<{ created_at: string; partition: string }>(sql`
      select created_at::text, tableoid::regclass::text as partition from payments where rail = 'MPESA' and provider_reference = ${body.TransID}`);
    expect(rows[0]!.partition).toBe(partitionOf('payments', lastMonth));
    expect(await claimOf(body.TransID)).toEqual({ created_at: rows[0]!.created_at });

    const where = await paymentWithReference(db(), 'MPESA', body.TransID);
    expect(await partitionsExecuted(sql`select * from ${payments} where ${where}`)).toEqual([partitionOf('payments', lastMonth)]);
    // Planned with the claim's time known: the other months are not even in the plan.
    expect(await partitionsPlanned(sql`select * from ${payments} where ${where}`)).toEqual([partitionOf('payments', lastMonth)]);
  });

  it('leaves the claim of a reference held in suspense without a month, and gives it the payment\'s when the suspense is credited', async () => {
    const owner = await signedInMerchant(api);
    const inbound = mpesa(owner.virtualAccount.accountNumber, '75.00', { currency: 'USD' });
    expect(await ingestPayment(inbound, { strict: false })).toMatchObject({ outcome: 'suspense' });
    expect(await claimOf(inbound.providerReference)).toEqual({ created_at: null });
    expect(await paymentWithReference(db(), 'MPESA', inbound.providerReference)).toBeNull();

    const { rows } = await db().execute<{ id: string }>(sql`select id from suspense_payments where provider_reference = ${inbound.providerReference}`);
    const dollars = await insertVirtualAccount(db(), {
      merchantId: owner.merchant.id, subMerchantId: null, ownerType: 'MERCHANT', ownerId: owner.merchant.id, purpose: 'LEGACY', accountName: 'Dollar account', accountType: 'STATIC', currency: 'USD',
    });
    const resolved = await call(api, 'POST', `/merchants/me/suspense/${rows[0]!.id}/resolve`, owner.token, { virtualAccountId: dollars.id });
    expect(resolved.status).toBe(200);

    const [payment] = await db().select().from(payments).where((await paymentWithReference(db(), 'MPESA', inbound.providerReference))!);
    expect(payment?.id).toBe(resolved.body.payment.id);
    const claim = await claimOf(inbound.providerReference);
    expect(new Date(claim!.created_at!).getTime()).toBe(payment!.createdAt.getTime());
    const ledger = await checkLedger({ merchantId: owner.merchant.id });
    expect(ledger.problems).toEqual([]);
  });

  it('answers a copy of a payment recorded months ago as a duplicate, writing nothing', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const body = await paidIn(monthsFrom(new Date(), -3), virtualAccount.accountNumber, '420.00');
    expect((await postC2b(api, 'confirmation', body)).status).toBe(200);
    const { rows } = await db().execute<{ count: number }>(sql`select count(*)::int as count from payments where rail = 'MPESA' and provider_reference = ${body.TransID}`);
    expect(rows[0]!.count).toBe(1);
  });
});

describe("the operator's search over months of partitions", () => {
  it('finds payments of past months by receipt, by the reference the payer typed, by phone and by account number', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const operator = await signedInOperator(api);
    const phone = uniquePhone();
    const typed = `INV-${virtualAccount.id.slice(0, 8)}`;
    const old = await paidIn(monthsFrom(new Date(), -4), virtualAccount.accountNumber, '500.00', { MSISDN: phone });
    const recent = await paidIn(monthsFrom(new Date(), -1), virtualAccount.accountNumber, '600.00', { MSISDN: phone });
    const typedPaid = await paidIn(monthsFrom(new Date(), -2), virtualAccount.accountNumber, '700.00');
    await db().execute(sql`update payments set bill_reference = ${typed} where rail = 'MPESA' and provider_reference = ${typedPaid.TransID}`);

    const search = async (q: string) => {
      const answer = await call(api, 'GET', `/operator/payments?q=${encodeURIComponent(q)}`, operator.token);
      expect(answer.status).toBe(200);
      return (answer.body.data as { providerReference: string; merchant: { id: string } }[]).map((row) => row.providerReference);
    };
    expect(await search(old.TransID.toLowerCase())).toEqual([old.TransID]);
    expect(await search(typed)).toEqual([typedPaid.TransID]);
    // Newest first, across the months.
    expect(await search(`0${phone.slice(3)}`)).toEqual([recent.TransID, old.TransID]);
    expect(await search(virtualAccount.accountNumber)).toEqual([recent.TransID, typedPaid.TransID, old.TransID]);
    const [first] = (await call(api, 'GET', `/operator/payments?q=${old.TransID}`, operator.token)).body.data as { merchant: { id: string } }[];
    expect(first?.merchant.id).toBe(merchant.id);
  });

  it('answers the newest 50 payments, each once, when the readings of one query find more between them', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const operator = await signedInOperator(api);
    const phone = uniquePhone();
    const typedAsPhone = `0${phone.slice(3)}`;
    // 30 payments by the phone, and 30 others whose payer typed that same number as the bill reference.
    for (let k = 0; k < 30; k++) await ingestPayment(mpesa(virtualAccount.accountNumber, '10.00', { payerPhone: phone }), { strict: false });
    const typedIds: string[] = [];
    for (let k = 0; k < 30; k++) {
      const inbound = mpesa(virtualAccount.accountNumber, '20.00', { payerPhone: uniquePhone() });
      await ingestPayment(inbound, { strict: false });
      typedIds.push(inbound.providerReference);
    }
    await db().execute(sql`update payments set bill_reference = ${typedAsPhone} where rail = 'MPESA' and provider_reference in ${typedIds}`);
    // One of the phone's payments also typed as the number: found two ways, answered once.
    await db().execute(sql`update payments set bill_reference = ${typedAsPhone} where id = (select id from payments where payer_phone = ${phone} order by created_at limit 1)`);

    const answer = await call(api, 'GET', `/operator/payments?q=${encodeURIComponent(typedAsPhone)}`, operator.token);
    expect(answer.status).toBe(200);
    const rows = answer.body.data as { id: string; createdAt: string }[];
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.id)).size).toBe(50);
    const { rows: newest } = await db().execute<{ id: string }>(sql`
      select id from payments where payer_phone = ${phone} or bill_reference = ${typedAsPhone} order by created_at desc, id desc limit 50`);
    expect(rows.map((row) => row.id)).toEqual(newest.map((row) => row.id));
  });
});
