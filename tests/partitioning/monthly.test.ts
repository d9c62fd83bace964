import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { db } from '@/lib/platform/db';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { c2bBody, postC2b } from '../rails/support';

const api = useTestApi();
const ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };

/** The month partition a row written at `at` belongs in (UTC months, migration 0034). */
const partitionOf = (table: string, at: Date) => `${table}_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFrom = (at: Date, months: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 15, 9));

/** Where each row of a payment's story was written: the partition of the payment, its ledger entries, its event. */
async function partitionsOfPayment(reference: string) {
  const { rows } = await db().execute<{ payment: string; entries: string[]; events: string[] }>(sql`
    select p.tableoid::regclass::text as payment,
           array(select distinct e.tableoid::regclass::text from balance_entries e where e.payment_id = p.id) as entries,
           array(select distinct v.tableoid::regclass::text from events v where v.type = 'payment.received' and v.data->>'id' = p.id::text) as events
      from payments p where p.rail = 'MPESA' and p.provider_reference = ${reference}`);
  return rows;
}

/** Pretends the service's clock reads `at` (Date only: timers keep running), as on a day months from now. */
const clockAt = (at: Date) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
};
afterEach(() => {
  vi.useRealTimers();
});

describe('payments and their history are kept by month', () => {
  it('writes a confirmed payment, its ledger entries and its event into the partitions of the month it was recorded', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '1250.00');
    expect(await (await postC2b(api, 'confirmation', body)).json()).toEqual(ACCEPTED);

    const now = new Date();
    expect(await partitionsOfPayment(body.TransID)).toEqual([
      { payment: partitionOf('payments', now), entries: [partitionOf('balance_entries', now)], events: [partitionOf('events', now)] },
    ]);
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('records a payment once when the rail delivers it again a month later, though the first copy sits in another partition', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '480.00');
    const nextMonth = monthsFrom(new Date(), 1);
    clockAt(nextMonth);
    expect(await (await postC2b(api, 'confirmation', body)).json()).toEqual(ACCEPTED);
    vi.useRealTimers();

    expect(await (await postC2b(api, 'confirmation', body)).json()).toEqual(ACCEPTED);
    expect(await (await postC2b(api, 'confirmation', { ...body, TransAmount: '999.00' })).json()).toEqual(ACCEPTED);

    const kept = await partitionsOfPayment(body.TransID);
    expect(kept.map((row) => row.payment)).toEqual([partitionOf('payments', nextMonth)]);
    const { rows } = await db().execute<{ balance: string }>(sql`select balance::text from virtual_accounts where id = ${virtualAccount.id}`);
    expect(Number(rows[0]!.balance)).toBe(480);
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('keeps a payment of a month with no partition yet in the default partition, and moves it into its month when the job makes it', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '730.00');
    // Further ahead than the job makes partitions (three months): a clock far off, or a job stopped for months.
    const farAhead = monthsFrom(new Date(), 40);
    clockAt(farAhead);
    expect(await (await postC2b(api, 'confirmation', body)).json()).toEqual(ACCEPTED);
    vi.useRealTimers();
    // The payment carries the service's clock; its ledger entries and event the database's (now()), which was right.
    const now = new Date();
    const theDatabasesMonth = { entries: [partitionOf('balance_entries', now)], events: [partitionOf('events', now)] };
    expect(await partitionsOfPayment(body.TransID)).toEqual([{ payment: 'payments_default', ...theDatabasesMonth }]);

    const made = await createMonthlyPartitions({ now: farAhead, monthsAhead: 0 });
    expect(made.sort()).toEqual(['balance_entries', 'events', 'payments', 'webhook_attempts'].map((table) => partitionOf(table, farAhead)));
    expect(await partitionsOfPayment(body.TransID)).toEqual([{ payment: partitionOf('payments', farAhead), ...theDatabasesMonth }]);
    // Moved, not copied: still one payment, queued for settlement once, and the ledger whole.
    const { rows } = await db().execute<{ payments: number; queued: number }>(sql`
      select (select count(*) from payments where rail = 'MPESA' and provider_reference = ${body.TransID})::int as payments,
             (select count(*) from unsettled_payments u join payments p on p.id = u.payment_id where p.provider_reference = ${body.TransID})::int as queued`);
    expect(rows[0]).toEqual({ payments: 1, queued: 1 });
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('queues every payment of one statement for settlement, whichever months\' partitions they went to', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const thisMonth = new Date();
    const nextMonth = monthsFrom(thisMonth, 1);
    const { rows } = await db().execute<{ id: string; partition: string }>(sql`
      with claimed as (
        insert into rail_references (rail, provider_reference) values ('BANK', ${`PT${virtualAccount.id.slice(0, 8)}A`}), ('BANK', ${`PT${virtualAccount.id.slice(0, 8)}B`}) returning provider_reference
      )
      insert into payments (merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency,
                            provider_reference, match_status, received_at, created_at)
      select ${merchant.id}::uuid, ${virtualAccount.id}::uuid, ${virtualAccount.accountNumber}, 'BANK', 'BANK_TRANSFER', 100, 0, 100, 'KES',
             provider_reference, 'UNMATCHED', at, at
        from claimed, lateral (select case when provider_reference like '%A' then ${thisMonth.toISOString()}::timestamptz else ${nextMonth.toISOString()}::timestamptz end as at) moment
      returning id, tableoid::regclass::text as partition`);
    expect(rows.map((row) => row.partition).sort()).toEqual([partitionOf('payments', nextMonth), partitionOf('payments', thisMonth)].sort());
    const queued = await db().execute<{ payment_id: string }>(sql`select payment_id from unsettled_payments where payment_id = any(${sql.param(rows.map((row) => row.id))}::uuid[])`);
    expect(queued.rows.map((row) => row.payment_id).sort()).toEqual(rows.map((row) => row.id).sort());
  });
});

describe('reads of a partitioned payments table', () => {
  async function scannedRelations(query: ReturnType<typeof sql>, options: { seqScan: boolean } = { seqScan: true }) {
    const { rows } = await db().transaction(async (tx) => {
      if (!options.seqScan) await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
    });
    const nodes: { type: string; relation: string }[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Relation Name'] === 'string') nodes.push({ type: String(node['Node Type']), relation: node['Relation Name'] });
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    return nodes;
  }

  it('reads one partition for a payment whose time is known, and each partition\'s key index for one found by id alone', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '210.00');
    await postC2b(api, 'confirmation', body);
    const [payment] = (await db().execute<{ id: string; created_at: string }>(sql`select id, created_at::text from payments where rail = 'MPESA' and provider_reference = ${body.TransID}`)).rows;

    const pruned = await scannedRelations(sql`select * from payments where id = ${payment!.id} and created_at = ${payment!.created_at}::timestamptz`);
    expect(pruned.map((node) => node.relation)).toEqual([partitionOf('payments', new Date())]);

    // The test's partitions hold a few rows, so reading them whole is the planner's cheapest choice;
    // with that choice taken away, each partition must still answer through an index of its own.
    const byId = await scannedRelations(sql`select * from payments where id = ${payment!.id}`, { seqScan: false });
    const { rows: partitions } = await db().execute<{ count: number }>(sql`select count(*)::int as count from pg_partition_tree('payments') where isleaf`);
    expect(byId).toHaveLength(partitions[0]!.count);
    for (const node of byId) expect(node.type).toMatch(/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/);
  });
});
