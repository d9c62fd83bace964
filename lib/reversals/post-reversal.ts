import { sql, type SQL } from 'drizzle-orm';
import { toUnits } from '@/lib/money/decimal';
import { hourStart, nairobiDay } from '@/lib/payments/nairobi-days';
import { merchantTotalsShard } from '@/lib/payments/post-to-ledger';
import type { PaymentRow } from '@/lib/payments/serialize';
import type { Queryable } from '@/lib/platform/db';

/**
 * A confirmed reversal's ledger, in one statement, with the account's row locked by the caller:
 * a DEBIT entry of the whole amount (the balance after it, which may be negative for a rail's
 * return: docs/reconciliation.md), the fee refunded (a negative FEE entry), and the payment taken
 * out of the totals of the day and hour it arrived in, so that totals keep summing the payments
 * that stand (ledger:check counts RECEIVED and REVERSAL_PENDING ones).
 */
export async function postReversal(tx: Queryable, payment: PaymentRow): Promise<void> {
  const { amount, feeAmount: fee, providerReference } = payment;
  const refunded = toUnits(fee) > 0n;
  await tx.execute(sql`
    with balances as (
      update virtual_accounts set balance = balance - ${amount}::numeric, fee_balance = fee_balance - ${fee}::numeric
       where id = ${payment.virtualAccountId}
      returning balance, fee_balance
    ), entries as (
      insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description)
      select ${payment.merchantId}::uuid, ${payment.virtualAccountId}::uuid, 'DEBIT', -${amount}::numeric, balance, ${payment.id}::uuid, ${`Reversal of ${providerReference}`}::text from balances
      union all
      select ${payment.merchantId}::uuid, ${payment.virtualAccountId}::uuid, 'FEE', -${fee}::numeric, fee_balance, ${payment.id}::uuid, ${`Fee refunded on ${providerReference}`}::text from balances where ${refunded}::boolean
      returning 1
    ), totals as (
      update payment_daily_totals
         set payment_count = payment_count - 1, total_amount = total_amount - ${amount}::numeric, fee_amount = fee_amount - ${fee}::numeric
       where merchant_id = ${payment.merchantId} and day = ${nairobiDay(payment.receivedAt)}::date and virtual_account_id = ${payment.virtualAccountId}
         and channel = ${payment.channel} and currency = ${payment.currency}
      returning 1
    ), merchant_totals as (${takeFromMerchantTotals('payment_merchant_daily_totals', 'day', sql`${nairobiDay(payment.receivedAt)}::date`, payment)}
    ), merchant_hours as (${takeFromMerchantTotals('payment_merchant_hourly_totals', 'hour', sql`${hourStart(payment.receivedAt)}::timestamptz`, payment)}
    )
    select (select count(*) from entries) as entries, (select count(*) from totals) as totals, (select count(*) from merchant_totals) as merchant_totals,
           (select count(*) from merchant_hours) as merchant_hours`);
}

/**
 * The merchant's row for the payment's day or hour, less the payment. A batch added its payments
 * to its lane's shard rather than the account's, so the account's shard may go below zero: reads
 * and ledger:check add the shards up, and only the sum has a meaning.
 */
function takeFromMerchantTotals(table: string, period: 'day' | 'hour', at: SQL, payment: PaymentRow): SQL {
  const totals = sql.identifier(table);
  return sql`
      insert into ${totals} (merchant_id, ${sql.identifier(period)}, sub_merchant_id, channel, currency, shard, payment_count, total_amount, fee_amount)
      values (${payment.merchantId}::uuid, ${at}, ${payment.subMerchantId}::uuid, ${payment.channel}::text, ${payment.currency}::char(3),
              ${merchantTotalsShard(payment.virtualAccountId)}::smallint, -1, -${payment.amount}::numeric, -${payment.feeAmount}::numeric)
      on conflict on constraint ${sql.identifier(`${table}_key`)}
      do update set payment_count = ${totals}.payment_count - 1, total_amount = ${totals}.total_amount + excluded.total_amount,
                    fee_amount = ${totals}.fee_amount + excluded.fee_amount
      returning 1`;
}
