/**
 * Bench data: millions of one merchant's payments, made in SQL with generate_series (an API call
 * each would take hours). Receipts, phones, names and amounts vary the way real traffic does, the
 * payments are spread over the given accounts (a merchant's customers), and the totals (daily per
 * account and per merchant, hourly per merchant) are rebuilt from the rows as ingestion would have kept them.
 */
import { sql } from 'drizzle-orm';
import { MERCHANT_TOTALS_SHARDS } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { createMonthlyPartitions, PARTITION_MONTHS_AHEAD } from '@/lib/platform/db/partitions';

/**
 * The month partitions of a history that starts `since` (migration 0034): a database made today has
 * partitions from this month on, and seeded months past would otherwise all land in the default one.
 */
export async function partitionsSince(since: Date): Promise<void> {
  const now = new Date();
  const months = (now.getUTCFullYear() - since.getUTCFullYear()) * 12 + now.getUTCMonth() - since.getUTCMonth();
  await createMonthlyPartitions({ now: since, monthsAhead: months + PARTITION_MONTHS_AHEAD });
}

const NAMES = ['Achieng Otieno', 'Wanjiru Kamau', 'Mwangi Kariuki', 'Njeri Wambui', 'Omondi Okoth', 'Chebet Kiprop', 'Mutua Musyoka', 'Akinyi Adhiambo'];

export interface SeedAccount {
  id: string;
  accountNumber: string;
  /** The customer whose own account this is: its payments carry the customer, as ingestion records them. */
  customerId?: string;
}

export async function seedPayments(merchantId: string, accounts: SeedAccount[], count: number, batchSize = 500_000): Promise<void> {
  const names = `array[${NAMES.map((name) => `'${name}'`).join(',')}]`;
  const ids = `{${accounts.map((account) => account.id).join(',')}}`;
  const numbers = `{${accounts.map((account) => account.accountNumber).join(',')}}`;
  const customers = `{${accounts.map((account) => account.customerId ?? 'NULL').join(',')}}`;
  await partitionsSince(new Date(Date.now() - count * 3000)); // one payment every 3 s back from now, below
  for (let from = 1; from <= count; from += batchSize) {
    const to = Math.min(count, from + batchSize - 1);
    // Ids of the rows' own time, as the service makes them (migration 0034). Receipts are unique per rail: 'B' + the row number in hexadecimal, padded to 10 characters.
    await db().execute(sql`
      insert into payments (id, merchant_id, virtual_account_id, customer_id, account_number, rail, channel, amount, fee_amount, net_amount,
                            currency, payer_name, payer_phone, payer_phone_reversed, provider_reference, bill_reference,
                            match_status, received_at, created_at)
      select uuid_v7(at), ${merchantId}, (${ids}::uuid[])[slot], (${customers}::uuid[])[slot], (${numbers}::text[])[slot], 'MPESA', 'MOBILE_MONEY', amount, fee, amount - fee, 'KES',
             (${sql.raw(names)})[1 + n % ${NAMES.length}] || ' ' || (n % 997), phone, reverse(phone),
             'B' || lpad(upper(to_hex(n)), 9, '0'), (${numbers}::text[])[slot], 'UNMATCHED', at, at
        from (select n, 1 + n % ${accounts.length} as slot, (10 + n % 4990)::numeric as amount,
                     least(greatest(round((10 + n % 4990) * 0.01, 2), 1), 200) as fee,
                     '2547' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0') as phone,
                     date_trunc('milliseconds', now()) - make_interval(secs => n * 3) as at
                from generate_series(${from}::int, ${to}::int) as n) rows`);
  }
  // Each reference claimed with its payment's time, as ingestion claims it (migrations 0019, 0034), so that ledger:check holds.
  await db().execute(sql`insert into rail_references (rail, provider_reference, created_at) select rail, provider_reference, created_at from payments where merchant_id = ${merchantId} on conflict do nothing`);
  await db().execute(sql`
    insert into payment_daily_totals (merchant_id, day, virtual_account_id, sub_merchant_id, channel, currency, payment_count, total_amount, fee_amount)
    select merchant_id, (received_at at time zone 'Africa/Nairobi')::date, virtual_account_id, sub_merchant_id, channel, currency, count(*), sum(amount), sum(fee_amount)
      from payments where merchant_id = ${merchantId}
     group by 1, 2, 3, 4, 5, 6
    on conflict (merchant_id, day, virtual_account_id, channel, currency)
    do update set payment_count = excluded.payment_count, total_amount = excluded.total_amount, fee_amount = excluded.fee_amount`);
  // The merchant's rows spread over the shards as ingestion spreads them (any spread sums the same).
  await db().execute(sql`delete from payment_merchant_daily_totals where merchant_id = ${merchantId}`);
  await db().execute(sql`
    insert into payment_merchant_daily_totals (merchant_id, day, sub_merchant_id, channel, currency, shard, payment_count, total_amount, fee_amount)
    select merchant_id, day, sub_merchant_id, channel, currency, shard, sum(payment_count), sum(total_amount), sum(fee_amount)
      from (select *, (abs(hashtext(virtual_account_id::text)) % ${MERCHANT_TOTALS_SHARDS})::smallint as shard
              from payment_daily_totals where merchant_id = ${merchantId}) account_days
     group by 1, 2, 3, 4, 5, 6`);
  await db().execute(sql`delete from payment_merchant_hourly_totals where merchant_id = ${merchantId}`);
  await db().execute(sql`
    insert into payment_merchant_hourly_totals (merchant_id, hour, sub_merchant_id, channel, currency, shard, payment_count, total_amount, fee_amount)
    select merchant_id, date_trunc('hour', received_at, 'UTC'), sub_merchant_id, channel, currency,
           (abs(hashtext(virtual_account_id::text)) % ${MERCHANT_TOTALS_SHARDS})::smallint, count(*), sum(amount), sum(fee_amount)
      from payments where merchant_id = ${merchantId}
     group by 1, 2, 3, 4, 5, 6`);
  // As autovacuum would have left a table filled over a year: statistics fresh, visibility map set.
  await db().execute(sql`vacuum (analyze) payments, payment_daily_totals, payment_merchant_daily_totals, payment_merchant_hourly_totals`);
}
