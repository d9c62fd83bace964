import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { preparedWithInput } from '@/lib/platform/db/prepared';
import { deliveriesCtes } from '@/lib/webhooks/fan-out';
import { storableBody } from '@/lib/rails/notifications';
import type { InboundNotification } from './inbound';
import { toPaymentJson, type PaymentRow } from './serialize';

/** A payment into an account, no bill involved, ready to write: the row, its Nairobi day and its hour. */
export interface BatchedPayment {
  payment: PaymentRow;
  day: string;
  hour: string;
  /** The rail's notification, as received: written by the batch's statement, one commit for both. */
  notification?: InboundNotification;
}

/**
 * Writes many payments into accounts (no bill involved) in one statement, so one round trip and
 * one commit for all of them: the payment rows, ledger entries whose balanceAfter follow the
 * order given, the accounts' balances, the days' totals (per account and per merchant) and the
 * hours' (per merchant), and each payment's `payment.received` event with its webhook deliveries.
 * A payment whose rail reference is already kept, as a payment or in suspense (or comes earlier in
 * the same batch), writes nothing at all but its rail notification. Returns the ids that were written.
 *
 * The merchant totals (daily and hourly) are added to one shard row, `merchantTotalsRow`, whatever
 * the accounts: one row per merchant, day and channel for the whole batch rather than one per shard
 * its accounts fall in. The batcher passes its lane's own row, which no other lane writes.
 *
 * Accounts are locked in id order before anything is written, so two batches (or a batch and a
 * bill's payment, which locks one account) cannot wait on each other in a circle.
 */
export async function recordPaymentBatch(batch: BatchedPayment[], merchantTotalsRow: number): Promise<Set<string>> {
  const rows = await runBatchStatement(db(), batchInput(batch, merchantTotalsRow));
  return new Set(rows.map((row) => row.id));
}

/** The batch as the statement reads it: one JSON array, each payment's columns by name. */
function batchInput(batch: BatchedPayment[], merchantTotalsRow: number): string {
  const input = batch.map(({ payment: p, day, hour, notification }, ord) => ({
    ord,
    id: p.id,
    merchant_id: p.merchantId,
    sub_merchant_id: p.subMerchantId,
    virtual_account_id: p.virtualAccountId,
    account_number: p.accountNumber,
    customer_id: p.customerId,
    rail: p.rail,
    channel: p.channel,
    amount: p.amount,
    fee_amount: p.feeAmount,
    net_amount: p.netAmount,
    fee_rule: p.feeRule,
    currency: p.currency,
    payer_name: p.payerName,
    payer_phone: p.payerPhone,
    payer_phone_reversed: p.payerPhoneReversed,
    payer_account: p.payerAccount,
    provider_reference: p.providerReference,
    bill_reference: p.billReference,
    narration: p.narration,
    received_at: p.receivedAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    day,
    hour,
    shard: merchantTotalsRow,
    event: toPaymentJson(p),
    notification_kind: notification?.kind ?? null,
    notification_body: notification ? storableBody(notification.rawBody) : null,
  }));
  return JSON.stringify(input);
}

/** The statement recordPaymentBatch runs; its text is the same on every call, only the input varies. */
const runBatchStatement = preparedWithInput<{ id: string }>(
  (input) => sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(
        ord int, id uuid, merchant_id uuid, sub_merchant_id uuid, virtual_account_id uuid, account_number text, customer_id uuid,
        rail text, channel text, amount numeric, fee_amount numeric, net_amount numeric, currency char(3), payer_name text,
        payer_phone text, payer_phone_reversed text, payer_account text, provider_reference text, bill_reference text,
        narration text, received_at timestamptz, created_at timestamptz, day date, hour timestamptz, shard smallint, event jsonb,
        fee_rule jsonb, notification_kind text, notification_body text)
    ), notifications as (
      -- What the rail said about each payment, as received, in the batch's own commit: kept whether
      -- the payment is written here or is a copy of a reference kept before (lib/rails/notifications.ts).
      insert into rail_notifications (rail, kind, provider_reference, raw_body)
      select rail, notification_kind, nullif(provider_reference, ''), notification_body from input
       where notification_kind is not null order by ord
      returning 1
    ), locked as materialized (
      select account.id from virtual_accounts account
       where account.id in (select virtual_account_id from input)
       order by account.id
         for no key update
    ), claimed as (
      -- One rail reference, one record (migration 0019): a reference held in suspense, or by another
      -- payment, is not claimed again, and its payment is not written. Claimed in key order, so two
      -- batches holding copies of the same references (to accounts of two lanes) never wait in a circle.
      -- With the partition key of the copy that is written (the first, by ord; migration 0034).
      insert into rail_references (rail, provider_reference, created_at)
      select rail, provider_reference, created_at from input where (select count(*) from locked) >= 0 order by rail, provider_reference, ord
      on conflict do nothing
      returning rail, provider_reference
    ), inserted as (
      insert into payments (id, merchant_id, sub_merchant_id, virtual_account_id, account_number, customer_id, expected_payment_id,
                            rail, channel, amount, fee_amount, net_amount, overpaid_amount, currency, payer_name, payer_phone,
                            payer_phone_reversed, payer_account, provider_reference, bill_reference, narration, match_status,
                            received_at, created_at, fee_rule)
      select id, merchant_id, sub_merchant_id, virtual_account_id, account_number, customer_id, null,
             rail, channel, amount, fee_amount, net_amount, 0, currency, payer_name, payer_phone,
             payer_phone_reversed, payer_account, provider_reference, bill_reference, narration, 'UNMATCHED',
             received_at, created_at, fee_rule
        -- A batch may hold two copies of one reference (a redelivery while the first is in flight): the
        -- claim is made once, and only the first copy is written (payments, partitioned by month since
        -- migration 0034, has no unique key of the reference to drop the second).
        from (select distinct on (rail, provider_reference) input.* from input join claimed using (rail, provider_reference)
               order by rail, provider_reference, ord) first_copy
       order by ord
      returning id
    ), written as (
      select input.* from input join inserted using (id)
    ), sums as (
      select virtual_account_id, sum(amount) as amount, sum(fee_amount) as fee from written group by virtual_account_id
    ), balances as (
      update virtual_accounts account
         set balance = account.balance + sums.amount, fee_balance = account.fee_balance + sums.fee
        from sums where account.id = sums.virtual_account_id
      returning account.id, account.balance, account.fee_balance
    ), postings as (
      -- Each payment's balances after it: the account's new balance less what later payments of
      -- this batch added.
      select written.*, balances.balance - coalesce(sum(written.amount) over later, 0) as balance_after,
             balances.fee_balance - coalesce(sum(written.fee_amount) over later, 0) as fee_balance_after
        from written join balances on balances.id = written.virtual_account_id
      window later as (partition by written.virtual_account_id order by written.ord rows between 1 following and unbounded following)
    ), entries as (
      insert into balance_entries (merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description)
      select merchant_id, virtual_account_id, type, amount, balance_after, payment_id, description from (
        select merchant_id, virtual_account_id, 'CREDIT' as type, amount, balance_after, id as payment_id,
               'Payment ' || provider_reference as description, ord, 0 as kind from postings
        union all
        select merchant_id, virtual_account_id, 'FEE', fee_amount, fee_balance_after, id,
               'Fee on ' || provider_reference, ord, 1 from postings where fee_amount > 0
      ) posting
      order by ord, kind
      returning 1
    ), totals as (
      insert into payment_daily_totals (merchant_id, day, virtual_account_id, sub_merchant_id, channel, currency, payment_count, total_amount, fee_amount)
      select merchant_id, day, virtual_account_id, sub_merchant_id, channel, currency, count(*), sum(amount), sum(fee_amount)
        from written group by merchant_id, day, virtual_account_id, sub_merchant_id, channel, currency
      on conflict (merchant_id, day, virtual_account_id, channel, currency)
      do update set payment_count = payment_daily_totals.payment_count + excluded.payment_count,
                    total_amount = payment_daily_totals.total_amount + excluded.total_amount,
                    fee_amount = payment_daily_totals.fee_amount + excluded.fee_amount
      returning 1
    ), merchant_totals as (
      -- In key order, so that two batches adding to the same merchant rows take their locks alike.
      insert into payment_merchant_daily_totals (merchant_id, day, sub_merchant_id, channel, currency, shard, payment_count, total_amount, fee_amount)
      select merchant_id, day, sub_merchant_id, channel, currency, shard, count(*), sum(amount), sum(fee_amount)
        from written group by merchant_id, day, sub_merchant_id, channel, currency, shard
       order by merchant_id, day, sub_merchant_id, channel, currency, shard
      on conflict on constraint payment_merchant_daily_totals_key
      do update set payment_count = payment_merchant_daily_totals.payment_count + excluded.payment_count,
                    total_amount = payment_merchant_daily_totals.total_amount + excluded.total_amount,
                    fee_amount = payment_merchant_daily_totals.fee_amount + excluded.fee_amount
      returning 1
    ), merchant_hours as (
      -- Likewise in key order. Every statement that adds here adds to the day's rows as well, the two
      -- tables always in the same order, so lock waits cannot form a circle.
      insert into payment_merchant_hourly_totals (merchant_id, hour, sub_merchant_id, channel, currency, shard, payment_count, total_amount, fee_amount)
      select merchant_id, hour, sub_merchant_id, channel, currency, shard, count(*), sum(amount), sum(fee_amount)
        from written group by 1, 2, 3, 4, 5, 6
       order by 1, 2, 3, 4, 5, 6
      on conflict on constraint payment_merchant_hourly_totals_key
      do update set payment_count = payment_merchant_hourly_totals.payment_count + excluded.payment_count,
                    total_amount = payment_merchant_hourly_totals.total_amount + excluded.total_amount,
                    fee_amount = payment_merchant_hourly_totals.fee_amount + excluded.fee_amount
      returning 1
    ), ${deliveriesCtes(sql`insert into events (merchant_id, sub_merchant_id, type, data)
        select merchant_id, sub_merchant_id, 'payment.received', event from written order by ord`)}
    select id from written, (select count(*) from jobs) as queued`,
);
