import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ingestPayment } from '@/lib/payments/ingest';
import { paymentsOfBill } from '@/lib/payments/by-bill';
import { db } from '@/lib/platform/db';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { useTestApi } from '../support/api-server';
import { createBill, mpesa, signedInMerchant } from '../payments/support';

const api = useTestApi();

const monthsAgo = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15, 9));
};
const partitionOf = (at: Date) => `payments_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/** The payments partitions the plan of a bill's payments actually executed (pruned at run time: never executed). */
async function partitionsExecuted(billId: string): Promise<string[]> {
  const { rows } = await db().execute<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(
    sql`explain (analyze, format json, timing off, summary off) select id from payments where ${paymentsOfBill(billId)}`,
  );
  const executed: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const relation = node['Relation Name'];
    if (typeof relation === 'string' && relation.startsWith('payments_') && Number(node['Actual Loops'] ?? 0) > 0) executed.push(relation);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(rows[0]!['QUERY PLAN'][0]!.Plan);
  return executed;
}

const billPaymentIds = async (token: string, billId: string) => {
  const response = await api.request('GET', `/merchants/me/payments?expectedPaymentId=${billId}`, { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }[]).map((row) => row.id);
};

describe("a bill's payments over monthly partitions", () => {
  it("reads the months from the bill's creation on, and lists every payment of the bill", async () => {
    const owner = await signedInMerchant(api);
    await createMonthlyPartitions({ now: monthsAgo(3), monthsAhead: 4 });
    const bill = await createBill(api, owner.token, { amount: 1000 });
    const first = await ingestPayment(mpesa(bill.virtualAccountNumber!, '400'), { strict: false });
    const second = await ingestPayment(mpesa(bill.virtualAccountNumber!, '600'), { strict: false });
    if (first.outcome !== 'recorded' || second.outcome !== 'recorded') throw new Error('not recorded');

    expect(await billPaymentIds(owner.token, bill.id)).toEqual([second.payment.id, first.payment.id]);
    const executed = await partitionsExecuted(bill.id);
    expect(executed).toContain(partitionOf(new Date()));
    expect(executed).not.toContain(partitionOf(monthsAgo(3)));
    expect(executed).not.toContain(partitionOf(monthsAgo(2)));
  });

  it('still lists a payment older than the bill that was moved onto it, reading back to its month', async () => {
    const owner = await signedInMerchant(api);
    await createMonthlyPartitions({ now: monthsAgo(3), monthsAhead: 4 });
    // A payment recorded three months ago that needs attention (its bill was already paid).
    const at = monthsAgo(3).toISOString();
    const reference = `OLD${owner.virtualAccount.id.slice(0, 7).toUpperCase()}`;
    const { rows } = await db().execute<{ id: string }>(sql`
      with claimed as (insert into rail_references (rail, provider_reference, created_at) values ('MPESA', ${reference}, ${at}::timestamptz) returning provider_reference)
      insert into payments (id, merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency,
                            provider_reference, match_status, received_at, created_at)
      select uuid_v7(${at}::timestamptz), ${owner.merchant.id}::uuid, ${owner.virtualAccount.id}::uuid, ${owner.virtualAccount.accountNumber}, 'MPESA', 'MOBILE_MONEY',
             300, 0, 300, 'KES', provider_reference, 'NEEDS_ATTENTION', ${at}::timestamptz, ${at}::timestamptz
        from claimed
      returning id`);
    const old = rows[0]!.id;

    const bill = await createBill(api, owner.token, { amount: 1000 });
    const moved = await api.request('POST', `/merchants/me/payments/${old}/move`, { token: owner.token, json: { expectedPaymentId: bill.id } });
    expect(moved.status).toBe(200);
    const fresh = await ingestPayment(mpesa(bill.virtualAccountNumber!, '700'), { strict: false });
    if (fresh.outcome !== 'recorded') throw new Error('not recorded');

    expect(await billPaymentIds(owner.token, bill.id)).toEqual([fresh.payment.id, old]);
    expect(await partitionsExecuted(bill.id)).toContain(partitionOf(monthsAgo(3)));
  });
});
