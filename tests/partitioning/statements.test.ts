import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';
import { periodEntries } from '@/lib/statements/account-statement';
import { useTestApi } from '../support/api-server';
import { signedInMerchant } from '../payments/support';
import { midMonth } from './support';

const api = useTestApi();

const partitionOf = (at: Date) => `balance_entries_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
/** A month's first and last Nairobi days, as the statement's query names them. */
const periodOfMonth = (at: Date) => {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
};

async function relationsRead(query: SQL): Promise<string[]> {
  const { rows } = await db().execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Relation Name'] === 'string') found.push(node['Relation Name']);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return found;
}

describe("an account's statement over monthly partitions", () => {
  it("reads only the period's months, and gives the same entries as a cut by sequence alone", async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    // Months apart, so that the period's margin (a day into the months either side) reaches none of the others.
    const months = [-5, -3, -1, 0].map(midMonth);
    await createMonthlyPartitions({ now: months[0]!, monthsAhead: 6 });
    // The ledger of one account over four months: a credit and its fee in each, written in sequence order.
    let balance = 0;
    let fees = 0;
    for (const [index, at] of months.entries()) {
      balance += 100 * (index + 1);
      fees += 2;
      await db().execute(sql`
        insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, description, created_at)
        values (${merchant.id}::uuid, ${virtualAccount.id}::uuid, 'CREDIT', ${100 * (index + 1)}, ${balance}, 'a credit', ${at.toISOString()}::timestamptz),
               (${merchant.id}::uuid, ${virtualAccount.id}::uuid, 'FEE', 2, ${fees}, 'its fee', ${at.toISOString()}::timestamptz)`);
    }

    const period = periodOfMonth(months[1]!);
    const response = await api.request('GET', `/merchants/me/virtual-accounts/${virtualAccount.id}/statement?from=${period.from}&to=${period.to}`, { token });
    expect(response.status).toBe(200);
    const statement = (await response.json()) as { entries: { id: string; amount: string }[]; openingBalance: number; closingBalance: number; totalCredits: number };

    // The same entries as the sequence alone cuts (the cuts are the last entries before each bound).
    const { rows: bySequence } = await db().execute<{ id: string }>(sql`
      select id from balance_entries
       where virtual_account_id = ${virtualAccount.id}::uuid
         and sequence > (select max(sequence) from balance_entries where virtual_account_id = ${virtualAccount.id}::uuid and created_at = ${months[0]!.toISOString()}::timestamptz)
         and sequence <= (select max(sequence) from balance_entries where virtual_account_id = ${virtualAccount.id}::uuid and created_at = ${months[1]!.toISOString()}::timestamptz)
       order by sequence`);
    expect(statement.entries.map((entry) => entry.id)).toEqual(bySequence.map((row) => row.id));
    expect(statement.entries).toHaveLength(2);
    expect(statement).toMatchObject({ openingBalance: 100, closingBalance: 300, totalCredits: 200 });

    // The entries' query reads the period's month and the edges its margin reaches, never the months before.
    const start = new Date(`${period.from}T00:00:00+03:00`);
    const end = new Date(Date.parse(`${period.to}T00:00:00+03:00`) + 86_400_000);
    const read = await relationsRead(
      sql`select id from balance_entries where virtual_account_id = ${virtualAccount.id}::uuid and sequence > 0 and sequence <= 1000000000 and ${periodEntries(start, end)} order by sequence`,
    );
    expect(read).toContain(partitionOf(months[1]!));
    expect(read).not.toContain(partitionOf(months[0]!));
    expect(read).not.toContain(partitionOf(months[2]!));
    expect(read).not.toContain(partitionOf(months[3]!));
    expect(read.length).toBeLessThanOrEqual(3);
  });
});
