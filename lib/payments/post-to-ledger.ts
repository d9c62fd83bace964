import { sql } from 'drizzle-orm';
import { toUnits } from '@/lib/money/decimal';
import type { Queryable } from '@/lib/platform/db';
import type { AccountRow } from './resolve';
import type { PaymentChannel } from './schema';

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
}

/**
 * One statement, so one round trip: the account's new balance and fee balance, the CREDIT (and
 * FEE) ledger entries carrying the balances after them, and the day's totals. The UPDATE takes the
 * account's row lock, so balances and entry numbers follow the order payments commit in.
 */
export async function postToLedger(tx: Queryable, posting: Posting): Promise<void> {
  const { account, paymentId, providerReference, amount, fee } = posting;
  const charged = toUnits(fee) > 0n;
  await tx.execute(sql`
    with balances as (
      update virtual_accounts set balance = balance + ${amount}::numeric, fee_balance = fee_balance + ${fee}::numeric
       where id = ${account.id}
      returning balance, fee_balance
    ), entries as (
      insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description)
      select ${account.merchantId}::uuid, ${account.id}::uuid, 'CREDIT', ${amount}::numeric, balance, ${paymentId}::uuid, ${`Payment ${providerReference}`}::text from balances
      union all
      select ${account.merchantId}::uuid, ${account.id}::uuid, 'FEE', ${fee}::numeric, fee_balance, ${paymentId}::uuid, ${`Fee on ${providerReference}`}::text from balances where ${charged}::boolean
      returning 1
    )
    insert into payment_daily_totals (merchant_id, day, virtual_account_id, sub_merchant_id, channel, currency, payment_count, total_amount)
    values (${account.merchantId}, ${posting.day}, ${account.id}, ${account.subMerchantId}, ${posting.channel}, ${posting.currency}, 1, ${amount}::numeric)
    on conflict (merchant_id, day, virtual_account_id, channel, currency)
    do update set payment_count = payment_daily_totals.payment_count + 1, total_amount = payment_daily_totals.total_amount + excluded.total_amount`);
}
