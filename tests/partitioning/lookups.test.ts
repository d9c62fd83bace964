import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentWithId } from '@/lib/payments/by-id';
import { payments } from '@/lib/payments/schema';
import { db, pool } from '@/lib/platform/db';
import { timeOrderedId, writtenNear } from '@/lib/platform/db/ids';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { useTestApi } from '../support/api-server';
import { c2bBody, postC2b } from '../rails/support';
import { signedInMerchant } from '../payments/support';

const api = useTestApi();

/** The month partition a row written at `at` belongs in (UTC months, migration 0034). */
const partitionOf = (table: string, at: Date) => `${table}_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFrom = (at: Date, months: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 15, 9));

afterEach(() => {
  vi.useRealTimers();
});

/** The relations a plan reads (pruned partitions do not appear), planned with the values known. */
async function relationsRead(query: SQL): Promise<string[]> {
  const { rows } = await db().execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
  return relationsOf((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
}

function relationsOf(plan: Record<string, unknown>): string[] {
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Relation Name'] === 'string') found.push(node['Relation Name']);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(plan);
  return found;
}

/**
 * The relations a prepared statement's GENERIC plan reads once executed with `id` (as a named
 * statement runs after its first executions): the partitions are pruned at executor start, from
 * the parameter, and the plan says how many it left out.
 */
async function genericPlanRead(text: string, id: string): Promise<{ read: string[]; removed: number }> {
  const client = await pool().connect();
  try {
    await client.query('begin');
    await client.query("set local plan_cache_mode = 'force_generic_plan'");
    await client.query(`prepare by_id(uuid) as ${text}`);
    const { rows } = await client.query(`explain (analyze, format json, timing off, summary off) execute by_id('${id}')`);
    await client.query('deallocate by_id');
    await client.query('rollback');
    const plan = (rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan;
    const removed = [plan, ...((plan.Plans as Record<string, unknown>[] | undefined) ?? [])].reduce((sum, node) => sum + Number(node['Subplans Removed'] ?? 0), 0);
    return { read: relationsOf(plan).filter((name) => name.startsWith('payments')), removed };
  } finally {
    client.release();
  }
}

async function leafCount(table: string) {
  const { rows } = await db().execute<{ count: number }>(sql`select count(*)::int as count from pg_partition_tree(${table}::regclass) where isleaf`);
  return rows[0]!.count;
}

/** A payment as recorded before migration 0034: a random (v4) id, its claim with its time. */
async function oldPayment(merchantId: string, account: { id: string; accountNumber: string }, reference: string, at: Date): Promise<string> {
  const { rows } = await db().execute<{ id: string }>(sql`
    with claimed as (insert into rail_references (rail, provider_reference, created_at)
                     values ('MPESA', ${reference}, ${at.toISOString()}::timestamptz) returning provider_reference)
    insert into payments (id, merchant_id, virtual_account_id, account_number, rail, channel, amount, fee_amount, net_amount, currency,
                          provider_reference, match_status, received_at, created_at)
    select gen_random_uuid(), ${merchantId}::uuid, ${account.id}::uuid, ${account.accountNumber}, 'MPESA', 'MOBILE_MONEY', 100, 0, 100, 'KES',
           provider_reference, 'UNMATCHED', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      from claimed
    returning id`);
  return rows[0]!.id;
}

async function paymentOf(reference: string) {
  const { rows } = await db().execute<{ id: string; created_at: Date }>(sql`select id, created_at from payments where rail = 'MPESA' and provider_reference = ${reference}`);
  return rows[0]!;
}

describe('ids that carry the time they were made', () => {
  it('gives a payment recorded from a rail an id whose time is the moment it was recorded', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const body = c2bBody(virtualAccount.accountNumber, '150.00');
    await postC2b(api, 'confirmation', body);
    const payment = await paymentOf(body.TransID);

    expect(payment.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Milliseconds: the id keeps the time to the millisecond, created_at to the microsecond.
    const { rows } = await db().execute<{ after: boolean; before: boolean }>(sql`
      select id_created_after(id) = date_trunc('milliseconds', created_at) - interval '1 day' as after,
             id_created_before(id) = date_trunc('milliseconds', created_at) + interval '1 day' as before
        from payments where id = ${payment.id}::uuid`);
    expect(rows[0]).toEqual({ after: true, before: true });
  });

  it('makes the same ids in the database as in the service, and none without a time for an old random id', async () => {
    const at = new Date('2027-02-28T23:59:59.123Z');
    const { rows } = await db().execute<{ js: boolean; sql: boolean; v4: string; v4end: string; version: string }>(sql`
      select id_created_after(${timeOrderedId(at)}::uuid) + interval '1 day' = ${at.toISOString()}::timestamptz as js,
             id_created_after(uuid_v7(${at.toISOString()}::timestamptz)) + interval '1 day' = ${at.toISOString()}::timestamptz as sql,
             id_created_after(gen_random_uuid())::text as v4, id_created_before(gen_random_uuid())::text as v4end,
             substr(uuid_v7()::text, 15, 1) as version`);
    expect(rows[0]).toEqual({ js: true, sql: true, v4: '-infinity', v4end: 'infinity', version: '7' });
  });
});

describe('lookups by id read the month partitions of the id\'s time only', () => {
  it('reads one partition for a payment by id, planned with the id known', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const body = c2bBody(virtualAccount.accountNumber, '310.00');
    await postC2b(api, 'confirmation', body);
    const payment = await paymentOf(body.TransID);
    expect(await leafCount('payments')).toBeGreaterThan(2);

    const read = await relationsRead(sql`select * from ${payments} where ${paymentWithId(payment.id)}`);
    // One month, or two when the id's day straddles a month's end.
    expect(read.length).toBeGreaterThanOrEqual(1);
    expect(read.length).toBeLessThanOrEqual(2);
    expect(read).toContain(partitionOf('payments', new Date(payment.created_at)));
  });

  it('prunes at executor start when the id is a parameter of a generic plan, as a named statement runs', async () => {
    const { virtualAccount } = await signedInMerchant(api);
    const body = c2bBody(virtualAccount.accountNumber, '320.00');
    await postC2b(api, 'confirmation', body);
    const payment = await paymentOf(body.TransID);

    const { read, removed } = await genericPlanRead('select * from payments where id = $1 and created_at between id_created_after($1) and id_created_before($1)', payment.id);
    expect(read.length).toBeLessThanOrEqual(2);
    expect(read).toContain(partitionOf('payments', new Date(payment.created_at)));
    expect(read.length + removed).toBe(await leafCount('payments'));
  });

  it('reads an event by id, and an event joined by id (a webhook delivery\'s), in the event\'s month only', async () => {
    const id = timeOrderedId();
    const byId = await relationsRead(sql`select * from events where id = ${id}::uuid and ${writtenNear(sql`created_at`, id)}`);
    expect(byId.length).toBeLessThanOrEqual(2);
    expect(byId).toContain(partitionOf('events', new Date()));

    // A join by id (lib/webhooks/deliver.ts) prunes per row joined, at run time: the partitions it did not open were never
    // executed. (A few rows' tables are joined whole, by hash, in a test database; with a
    // month's hundreds of thousands of events the planner loops over the rows naming them, as here.)
    const { virtualAccount } = await signedInMerchant(api);
    await postC2b(api, 'confirmation', c2bBody(virtualAccount.accountNumber, '330.00'));
    const { rows } = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_hashjoin = off`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      return tx.execute<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(sql`
        explain (analyze, format json, timing off, summary off)
        select e.* from (select id from events where merchant_id = ${virtualAccount.merchantId} limit 1) mine,
               lateral (select * from events e where e.id = mine.id and ${writtenNear(sql`e.created_at`, sql`mine.id`)}) e`);
    });
    const executed: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Relation Name'] === 'string' && Number(node['Actual Loops'] ?? 0) > 0 && String(node['Alias']).startsWith('e_')) executed.push(node['Relation Name']);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(rows[0]!['QUERY PLAN'][0]!.Plan);
    expect(new Set(executed).size).toBeLessThanOrEqual(2);
    expect(executed).toContain(partitionOf('events', new Date()));
  });

  it('finds a payment by id through the API in the month it was recorded, months after', async () => {
    const { virtualAccount, token } = await signedInMerchant(api);
    const body = c2bBody(virtualAccount.accountNumber, '340.00');
    const lastMonth = monthsFrom(new Date(), -1);
    await createMonthlyPartitions({ now: lastMonth, monthsAhead: 0 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(lastMonth);
    await postC2b(api, 'confirmation', body);
    vi.useRealTimers();
    const payment = await paymentOf(body.TransID);
    expect((await db().execute<{ partition: string }>(sql`select tableoid::regclass::text as partition from payments where id = ${payment.id}`)).rows[0]!.partition).toBe(
      partitionOf('payments', lastMonth),
    );

    const response = await api.request('GET', `/merchants/me/payments/${payment.id}`, { token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string; amount: string }).id).toBe(payment.id);
  });

  it('still finds a payment of an old random id that migration 0040 did not record, by probing every month', async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    // A payment recorded before migration 0034: a v4 id, and a month before this one.
    const id = await oldPayment(merchant.id, virtualAccount, `OLD${virtualAccount.id.slice(0, 7).toUpperCase()}`, monthsFrom(new Date(), -1));
    expect(id[14]).toBe('4');

    const read = await relationsRead(sql`select * from ${payments} where ${paymentWithId(id)}`);
    expect(read).toHaveLength(await leafCount('payments'));
    const response = await api.request('GET', `/merchants/me/payments/${id}`, { token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(id);
  });

  it('reads an old random id that migration 0040 recorded from its month alone, planned with the id known or not', async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    const lastMonth = monthsFrom(new Date(), -1);
    await createMonthlyPartitions({ now: lastMonth, monthsAhead: 0 });
    // A payment and an event recorded before migration 0034 (v4 ids), last month; then what
    // migration 0040 does on a database that has such rows.
    const id = await oldPayment(merchant.id, virtualAccount, `REC${virtualAccount.id.slice(0, 7).toUpperCase()}`, lastMonth);
    const { rows: told } = await db().execute<{ id: string }>(sql`
      insert into events (id, merchant_id, type, data, created_at)
      values (gen_random_uuid(), ${merchant.id}::uuid, 'payment.received', '{}'::jsonb, ${lastMonth.toISOString()}::timestamptz)
      returning id`);
    const eventId = told[0]!.id;
    expect(id[14]).toBe('4');
    const { rows: recorded } = await db().execute<{ count: string }>(sql`select record_legacy_id_times() as count`);
    expect(Number(recorded[0]!.count)).toBeGreaterThanOrEqual(2);
    const { rows: again } = await db().execute<{ count: string }>(sql`select record_legacy_id_times() as count`);
    expect(Number(again[0]!.count)).toBe(0);

    const { rows: window } = await db().execute<{ after: boolean; before: boolean; unknown: string }>(sql`
      select id_created_after(id) = created_at - interval '1 day' as after, id_created_before(id) = created_at + interval '1 day' as before,
             id_created_after(gen_random_uuid())::text as unknown
        from payments where id = ${id}::uuid`);
    expect(window[0]).toEqual({ after: true, before: true, unknown: '-infinity' });

    // Planned with the id known (a literal, or a custom plan: how PgBouncer's unnamed statements run).
    const read = await relationsRead(sql`select * from ${payments} where ${paymentWithId(id)}`);
    expect(read).toEqual([partitionOf('payments', lastMonth)]);
    // A named statement's generic plan: pruned when it starts, from the parameter.
    const generic = await genericPlanRead(`select * from payments where id = $1 and created_at between id_created_after($1) and id_created_before($1)`, id);
    expect(generic.read).toEqual([partitionOf('payments', lastMonth)]);
    expect(generic.removed).toBe((await leafCount('payments')) - 1);

    const eventRead = await relationsRead(sql`select * from events where id = ${eventId}::uuid and ${writtenNear(sql`created_at`, eventId)}`);
    expect(eventRead).toEqual([partitionOf('events', lastMonth)]);

    const response = await api.request('GET', `/merchants/me/payments/${id}`, { token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(id);
  });
});
