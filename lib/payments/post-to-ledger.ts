import { sql, type SQL } from 'drizzle-orm';
import { toUnits } from '@/lib/money/decimal';
import type { AccountRow } from './resolve';
import { MERCHANT_TOTALS_SHARDS, type PaymentChannel } from './schema';

/** Which of its merchant's daily-total rows an account adds to: fixed per account, spread by its id. */
export const merchantTotalsShard = (accountId: string) => Number.parseInt(accountId.slice(-2), 16) % MERCHANT_TOTALS_SHARDS;

export interface Posting {
  account: AccountRow;
  paymentId: string;
  providerReference: string;
  amount: string;
  fee: string;
  channel: PaymentChannel;
  currency: string;
  /** The Nairobi calendar day the money arrived, for the daily totals. */
  day: string;
  /** The start of the hour it arrived in (ISO 8601), for the merchant's hourly totals. */
  hour: string;
}

/**
 * The CTEs `balances`, `entries`, `totals`, `merchant_totals` and `merchant_hours` of a payment's
 * statement: the account's new balance and fee balance, the CREDIT (and FEE) ledger entries carrying
 * the balances after them, the day's totals (count, amount and fee) for the account and for its merchant, and the hour's for
 * its merchant, each only when `guard` holds (the payment row was inserted). The UPDATE takes the
 * account's row lock, so balances and entry numbers follow the order payments commit in.
 */
export function ledgerCtes(posting: Posting, guard: SQL): SQL {
  const { account, paymentId, providerReference, amount, fee } = posting;
  const charged = toUnits(fee) > 0n;
  return sql`
    balances as (
      update virtual_accounts set balance = balance + ${amount}::numeric, fee_balance = fee_balance + ${fee}::numeric
       where id = ${account.id} and ${guard}
      returning balance, fee_balance
    ), entries as (
      insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description)
      select ${account.merchantId}::uuid, ${account.id}::uuid, 'CREDIT', ${amount}::numeric, balance, ${paymentId}::uuid, ${`Payment ${providerReference}`}::text from balances
      union all
      select ${account.merchantId}::uuid, ${account.id}::uuid, 'FEE', ${fee}::numeric, fee_balance, ${paymentId}::uuid, ${`Fee on ${providerReference}`}::text from balances where ${charged}::boolean
      returning 1
    ), totals as (
      insert into payment_daily_totals (merchant_id, day, virtual_account_id, sub_merchant_id, channel, currency, payment_count, total_amount, fee_amount)
      select ${account.merchantId}::uuid, ${posting.day}::date, ${account.id}::uuid, ${account.subMerchantId}::uuid, ${posting.channel}::text, ${posting.currency}::char(3), 1, ${amount}::numeric, ${fee}::numeric
       where ${guard}
      on conflict (merchant_id, day, virtual_account_id, channel, currency)
      do update set payment_count = payment_daily_totals.payment_count + 1, total_amount = payment_daily_totals.total_amount + excluded.total_amount,
                    fee_amount = payment_daily_totals.fee_amount + excluded.fee_amount
      returning 1
    ), merchant_totals as (${addToMerchantTotals('payment_merchant_daily_totals', 'day', sql`${posting.day}::date`, posting, guard)}
    ), merchant_hours as (${addToMerchantTotals('payment_merchant_hourly_totals', 'hour', sql`${posting.hour}::timestamptz`, posting, guard)}
    )`;
}

/** The upsert adding one payment to its merchant's row of a totals table for its day or hour. */
function addToMerchantTotals(table: string, period: 'day' | 'hour', at: SQL, posting: Posting, guard: SQL): SQL {
  const { account, amount, fee } = posting;
  const totals = sql.identifier(table);
  return sql`
      insert into ${totals} (merchant_id, ${sql.identifier(period)}, sub_merchant_id, channel, currency, shard, payment_count, total_amount, fee_amount)
      select ${account.merchantId}::uuid, ${at}, ${account.subMerchantId}::uuid, ${posting.channel}::text, ${posting.currency}::char(3),
             ${merchantTotalsShard(account.id)}::smallint, 1, ${amount}::numeric, ${fee}::numeric
       where ${guard}
      on conflict on constraint ${sql.identifier(`${table}_key`)}
      do update set payment_count = ${totals}.payment_count + 1, total_amount = ${totals}.total_amount + excluded.total_amount,
                    fee_amount = ${totals}.fee_amount + excluded.fee_amount
      returning 1`;
}
