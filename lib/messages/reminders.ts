import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { remainingOf } from './amounts';
import { billLinkToken, payerPageUrl } from './bill-link';
import { composeBillMessage } from './compose';
import { recordMessages, type NewMessage } from './record';
import type { MessageChannel, MessageLanguage } from './schema';

/** Bills per run: the next minute's run takes the rest. */
const BATCH = 200;

type DueReminder = {
  bill_id: string;
  merchant_id: string;
  sub_merchant_id: string | null;
  payment_reference: string;
  amount: string;
  amount_paid: string;
  currency: string;
  expires_at: Date;
  customer_id: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  language: MessageLanguage;
  name_in_messages: string;
  channels: MessageChannel[];
};

/**
 * Reminds customers of bills about to expire, once per bill (the scheduled sweep, each minute). A
 * bill is due a reminder when its merchant set `reminderDaysBefore`, it still waits for money, has
 * a customer, expires within that many days, and was made before that window opened (a bill made
 * two days before its expiry was just sent; reminding it at once would be noise). The bill's row in
 * bill_reminders is taken in the same transaction as its messages: two instances, or a rerun, send
 * one reminder.
 */
export async function sendDueReminders(now: Date = new Date()): Promise<{ bills: number; messages: number }> {
  const { rows } = await db().execute<DueReminder>(sql`
    select b.id as bill_id, b.merchant_id, b.sub_merchant_id, b.payment_reference, b.amount::text, b.amount_paid::text, b.currency, b.expires_at,
           c.id as customer_id, c.display_name as customer_name, c.phone as customer_phone, c.email as customer_email,
           s.language, coalesce(s.display_name, m.name) as name_in_messages, s.reminder_channels as channels
      from notification_settings s
      join merchants m on m.id = s.merchant_id
      join expected_payments b on b.merchant_id = s.merchant_id
       and b.status in ('OPEN', 'PARTIALLY_PAID')
       and b.expires_at > ${now.toISOString()}::timestamptz
       and b.expires_at <= ${now.toISOString()}::timestamptz + make_interval(days => s.reminder_days_before)
       and b.created_at < b.expires_at - make_interval(days => s.reminder_days_before)
      join customers c on c.id = b.customer_id
     where s.reminder_days_before is not null and cardinality(s.reminder_channels) > 0
       and not exists (select 1 from bill_reminders r where r.expected_payment_id = b.id)
     order by b.expires_at
     limit ${BATCH}`);
  let sent = 0;
  for (const due of rows) {
    try {
      sent += await remind(due);
    } catch (error) {
      // One bill's failure never stops the others; its reminder row was rolled back, so the next run tries it again.
      logger().error({ err: error, billId: due.bill_id }, 'bill reminder not queued');
    }
  }
  return { bills: rows.length, messages: sent };
}

async function remind(due: DueReminder): Promise<number> {
  return db().transaction(async (tx) => {
    const { rows: taken } = await tx.execute(sql`
      insert into bill_reminders (expected_payment_id, merchant_id) values (${due.bill_id}, ${due.merchant_id})
      on conflict do nothing returning expected_payment_id`);
    if (taken.length === 0) return 0; // Another instance reminded it first.
    const url = payerPageUrl(await billLinkToken(tx, due.merchant_id, due.bill_id), due.language);
    const rows: NewMessage[] = due.channels.flatMap((channel): NewMessage[] => {
      const recipient = channel === 'SMS' ? due.customer_phone : due.customer_email;
      if (!recipient) return [];
      const composed = composeBillMessage('REMINDER', channel, due.language, {
        merchant: due.name_in_messages,
        customer: due.customer_name,
        reference: due.payment_reference,
        currency: due.currency,
        stillDue: remainingOf(due.amount, due.amount_paid),
        expiresAt: new Date(due.expires_at),
        url,
      });
      return [{
        merchantId: due.merchant_id,
        subMerchantId: due.sub_merchant_id,
        kind: 'REMINDER',
        channel,
        recipient,
        ...composed,
        language: due.language,
        expectedPaymentId: due.bill_id,
        customerId: due.customer_id,
        dedupeKey: `reminder:${due.bill_id}:${channel}`,
      }];
    });
    return (await recordMessages(tx, rows)).length;
  });
}

export const sendRemindersTask = async () => {
  await sendDueReminders();
};
