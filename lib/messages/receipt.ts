import { sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { composeReceipt } from './compose';
import { recordMessages, type NewMessage } from './record';
import type { MessageChannel } from './schema';
import { nameInMessages, settingsOf } from './settings';

/** Queued by the trigger of migration 0028, in the transaction that inserted the payments. */
export const RECEIPT_TASK = 'messages.receipt';

type PaymentFacts = {
  id: string;
  merchant_id: string;
  sub_merchant_id: string | null;
  amount: string;
  currency: string;
  rail: 'MPESA' | 'BANK';
  provider_reference: string;
  received_at: Date;
  account_number: string;
  payer_phone: string | null;
  expected_payment_id: string | null;
  bill_reference: string | null;
  still_due: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
};

/**
 * The payment with what a receipt says: its bill's reference and what the bill still needed once
 * this payment (and those before it) counted, and the customer (the bill's, else the account's).
 */
async function paymentFacts(paymentId: string): Promise<PaymentFacts | undefined> {
  const { rows } = await db().execute<PaymentFacts>(sql`
    select p.id, p.merchant_id, p.sub_merchant_id, p.amount::text, p.currency, p.rail, p.provider_reference, p.received_at, p.account_number, p.payer_phone,
           b.id as expected_payment_id, b.payment_reference as bill_reference,
           case when b.id is null then null else greatest(b.amount - (
             select coalesce(sum(q.amount), 0) from payments q
              where q.expected_payment_id = b.id and q.status <> 'REVERSED' and (q.created_at, q.id) <= (p.created_at, p.id)), 0)::text end as still_due,
           c.id as customer_id, c.display_name as customer_name, c.phone as customer_phone, c.email as customer_email
      from payments p
      left join expected_payments b on b.id = p.expected_payment_id
      left join customers c on c.id = coalesce(b.customer_id, p.customer_id)
     where p.id = ${paymentId} and p.created_at between id_created_after(${paymentId}::uuid) and id_created_before(${paymentId}::uuid) -- its month only (migration 0034)
       and p.status = 'RECEIVED'`);
  const row = rows[0];
  return row ? { ...row, received_at: new Date(row.received_at) } : undefined;
}

/** A phone the rail gave in full (M-Pesa masks some); a customer's stored phone comes first. */
const FULL_PHONE = /^[1-9][0-9]{9,14}$/;

function recipientFor(channel: MessageChannel, facts: PaymentFacts): string | null {
  if (channel === 'EMAIL') return facts.customer_email;
  if (facts.customer_phone) return facts.customer_phone;
  return facts.payer_phone && FULL_PHONE.test(facts.payer_phone) ? facts.payer_phone : null;
}

/**
 * Makes a payment's receipts (job `messages.receipt`): one message per channel the merchant chose
 * that has an address, each under the key `receipt:<payment>:<channel>`, so that however often the
 * job runs (a retry, a second queueing) the payer gets one. Sending is the `messages.send` job's.
 */
export async function queueReceipts(paymentId: string) {
  const facts = await paymentFacts(paymentId);
  if (!facts) return [];
  const settings = await settingsOf(db(), facts.merchant_id);
  const rows: NewMessage[] = [];
  for (const channel of settings.receiptChannels) {
    const recipient = recipientFor(channel, facts);
    if (!recipient) continue;
    const composed = composeReceipt(channel, settings.language, {
      merchant: nameInMessages(settings),
      customer: facts.customer_name,
      amount: facts.amount,
      currency: facts.currency,
      rail: facts.rail,
      providerReference: facts.provider_reference,
      receivedAt: facts.received_at,
      billReference: facts.bill_reference,
      accountNumber: facts.account_number,
      stillDue: facts.still_due,
    });
    rows.push({
      merchantId: facts.merchant_id,
      subMerchantId: facts.sub_merchant_id,
      kind: 'RECEIPT',
      channel,
      recipient,
      ...composed,
      language: settings.language,
      paymentId: facts.id,
      expectedPaymentId: facts.expected_payment_id,
      customerId: facts.customer_id,
      dedupeKey: `receipt:${facts.id}:${channel}`,
    });
  }
  return db().transaction((tx) => recordMessages(tx, rows));
}

/**
 * Job `messages.receipt`: the payments one statement inserted (migration 0028's trigger). One
 * payment's failure does not stop the others; the job then fails and its retry makes only what is
 * missing.
 */
export const receiptTask: Task = async (payload) => {
  const { paymentIds = [], paymentId } = payload as { paymentIds?: string[]; paymentId?: string };
  const failures: unknown[] = [];
  for (const id of paymentId ? [...paymentIds, paymentId] : paymentIds) {
    try {
      await queueReceipts(id);
    } catch (error) {
      failures.push(error);
      logger().error({ err: error, paymentId: id }, 'receipt not queued; the job retries it');
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} receipts not queued; the job retries them`);
};
