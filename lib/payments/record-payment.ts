import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { executePrepared } from '@/lib/platform/db/prepared';
import { eventWithDeliveriesCtes } from '@/lib/webhooks/fan-out';
import { ledgerCtes, type Posting } from './post-to-ledger';
import { toPaymentJson, type PaymentRow } from './serialize';

const inserted = sql`exists (select 1 from inserted)`;

/**
 * A payment's whole record in one statement, so one round trip and, outside a transaction, one
 * atomic commit: the payment row, its ledger entries and balances, the day's totals, and its
 * `payment.received` event with the webhook deliveries. The row is built by the caller (id and
 * createdAt included), so the event carries exactly what is stored. Another delivery of the same
 * rail reference that got there first (as a payment or in suspense) makes the insert do nothing,
 * and then nothing else happens: returns false.
 */
export async function recordPayment(
  tx: Queryable,
  payment: PaymentRow,
  posting: Omit<Posting, 'paymentId' | 'providerReference'>,
  options: { claimHeld?: boolean } = {},
): Promise<boolean> {
  const [result] = await executePrepared<{ inserted: number }>(tx, recordPaymentSql(payment, posting, options.claimHeld ?? false));
  return result!.inserted === 1;
}

/**
 * The statement recordPayment runs (a pure function of its input, so its text is the same on every
 * call). The rail reference is claimed first (migration 0019): a reference already kept, as a
 * payment or in suspense, writes nothing. `claimHeld`: the caller holds the claim already, as a
 * suspense row being resolved into this payment does (it is locked by the caller).
 */
function recordPaymentSql(payment: PaymentRow, posting: Omit<Posting, 'paymentId' | 'providerReference'>, claimHeld: boolean): SQL {
  const p = payment;
  return sql`
    with claimed as (
      -- With the payment's partition key: a later lookup by reference reads one month (migration 0034).
      insert into rail_references (rail, provider_reference, created_at) values (${p.rail}, ${p.providerReference}, ${p.createdAt.toISOString()}::timestamptz)
      on conflict do nothing
      returning 1
    ), inserted as (
      insert into payments (id, merchant_id, sub_merchant_id, virtual_account_id, account_number, customer_id, expected_payment_id,
                            rail, channel, amount, fee_amount, net_amount, overpaid_amount, currency, payer_name, payer_phone,
                            payer_phone_reversed, payer_account, provider_reference, bill_reference, narration, match_status,
                            received_at, created_at, fee_rule)
      select ${p.id}::uuid, ${p.merchantId}::uuid, ${p.subMerchantId}::uuid, ${p.virtualAccountId}::uuid, ${p.accountNumber}::text, ${p.customerId}::uuid,
             ${p.expectedPaymentId}::uuid, ${p.rail}::text, ${p.channel}::text, ${p.amount}::numeric, ${p.feeAmount}::numeric, ${p.netAmount}::numeric,
             ${p.overpaidAmount}::numeric, ${p.currency}::text, ${p.payerName}::text, ${p.payerPhone}::text, ${p.payerPhoneReversed}::text,
             ${p.payerAccount}::text, ${p.providerReference}::text, ${p.billReference}::text, ${p.narration}::text, ${p.matchStatus}::text,
             ${p.receivedAt.toISOString()}::timestamptz, ${p.createdAt.toISOString()}::timestamptz, ${JSON.stringify(p.feeRule)}::jsonb
       where exists (select 1 from claimed)
          -- A held claim (suspense being resolved, locked by the caller) writes the payment once: the
          -- claim is the only unique key of a reference since payments are partitioned, and it has a
          -- created_at once a payment holds it (migration 0034: one row read, not every month's index).
          or (${claimHeld}::boolean and not exists (select 1 from rail_references
                                                     where rail = ${p.rail}::text and provider_reference = ${p.providerReference}::text and created_at is not null))
      returning id
    ), held_claim as (
      -- A claim held by suspense has no payment's time yet: the payment made under it gives it.
      update rail_references set created_at = ${p.createdAt.toISOString()}::timestamptz
       where ${claimHeld}::boolean and rail = ${p.rail}::text and provider_reference = ${p.providerReference}::text
         and exists (select 1 from inserted)
      returning 1
    ), ${ledgerCtes({ ...posting, paymentId: p.id, providerReference: p.providerReference }, inserted)},
    ${eventWithDeliveriesCtes({ merchantId: p.merchantId, subMerchantId: p.subMerchantId, type: 'payment.received', data: toPaymentJson(p) }, { guard: inserted })}
    select (select count(*) from inserted)::int as inserted, (select count(*) from jobs) as jobs`;
}
