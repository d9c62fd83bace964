import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';

/**
 * `count` merchants named `prefix` + n, each with its LEGACY KES account, in two set-based
 * statements. Account numbers are `accountDigit` followed by nine digits, numbered on from the
 * accounts a previous run left, so that runs on one database never collide.
 */
export async function seedBenchMerchants(prefix: string, count: number, accountDigit: string): Promise<void> {
  const first = (await db().execute<{ n: number }>(sql`select count(*)::int as n from virtual_accounts where account_number like ${accountDigit + '%'}`)).rows[0]!.n;
  await db().execute(sql`insert into merchants (name, created_at) select ${prefix} || n, now() from generate_series(1, ${count}) n`);
  await db().execute(sql`
    insert into virtual_accounts (merchant_id, owner_type, owner_id, purpose, account_number, account_name, account_type, currency, collection_account_id)
    select m.id, 'MERCHANT', m.id, 'LEGACY', ${accountDigit} || lpad((${first} + row_number() over (order by m.id))::text, 9, '0'), m.name, 'STATIC', 'KES',
           (select id from collection_accounts where currency = 'KES')
      from merchants m where m.name like ${prefix + '%'}`);
}
