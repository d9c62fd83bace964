import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ApiError, notFound, unprocessable } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { visibleTo } from '@/lib/api/scope';
import { recordAudit } from '@/lib/audit/record';
import { awaitingPayment } from '@/lib/bills/status';
import { expectedPayments } from '@/lib/bills/schema';
import { customers } from '@/lib/customers/schema';
import { db } from '@/lib/platform/db';
import { remainingOf } from './amounts';
import { billLinkToken, payerPageUrl } from './bill-link';
import { composeBillMessage } from './compose';
import { channelAvailable } from './deliver';
import { recordMessages, type NewMessage } from './record';
import type { MessageChannel } from './schema';
import { nameInMessages, settingsOf } from './settings';

/**
 * Sends a bill's payer link to its customer by the channels asked (POST
 * /merchants/me/expected-payments/{id}/send): each message recorded and queued in one transaction,
 * sent after the commit. Every check comes first, so a refused request records nothing.
 */
export async function sendBillToCustomer(principal: Principal, billId: string, channels: MessageChannel[], origin: string) {
  const [found] = await db()
    .select({ bill: expectedPayments, customer: customers, open: sql<boolean>`${inArray(expectedPayments.status, awaitingPayment)} and ${gt(expectedPayments.expiresAt, sql`now()`)}` })
    .from(expectedPayments)
    .leftJoin(customers, eq(customers.id, expectedPayments.customerId))
    .where(and(eq(expectedPayments.id, billId), visibleTo(principal, expectedPayments)));
  if (!found) throw notFound('The expected payment');
  const { bill, customer } = found;
  if (!found.open) throw new ApiError(409, 'bill_not_open', 'Bill not open', 'Only a bill that still waits for payment (OPEN or PARTIALLY_PAID, not expired) can be sent.');
  if (!customer) throw new ApiError(409, 'bill_has_no_customer', 'Bill has no customer', 'The bill names no customer to send it to: create bills with a customerId to send them.');

  const wanted = [...new Set(channels)];
  const errors = wanted.flatMap((channel, index) => {
    if (channel === 'EMAIL' && !customer.email) return [{ path: `channels.${index}`, message: 'The customer has no email address.' }];
    if (!channelAvailable(channel)) return [{ path: `channels.${index}`, message: `${channel} cannot be sent from this service (no provider is set).` }];
    return [];
  });
  if (errors.length > 0) throw unprocessable('The bill cannot be sent by every channel asked.', errors, 'channel_unavailable');

  const settings = await settingsOf(db(), principal.merchantId);
  return db().transaction(async (tx) => {
    const url = payerPageUrl(await billLinkToken(tx, bill.merchantId, bill.id), settings.language, origin);
    const stillDue = remainingOf(bill.amount, bill.amountPaid);
    const rows: NewMessage[] = wanted.map((channel) => ({
      merchantId: bill.merchantId,
      subMerchantId: bill.subMerchantId,
      kind: 'BILL_LINK',
      channel,
      recipient: channel === 'SMS' ? customer.phone : customer.email!,
      ...composeBillMessage('BILL_LINK', channel, settings.language, {
        merchant: nameInMessages(settings),
        customer: customer.displayName,
        reference: bill.paymentReference,
        currency: bill.currency,
        stillDue,
        expiresAt: bill.expiresAt,
        url,
      }),
      language: settings.language,
      expectedPaymentId: bill.id,
      customerId: customer.id,
      requestedBy: principal.userId,
    }));
    const recorded = await recordMessages(tx, rows);
    await recordAudit(tx, {
      action: 'expected_payment.sent',
      target: { type: 'expected_payment', id: bill.id },
      summary: `Bill ${bill.paymentReference} sent to its customer by ${wanted.join(' and ')}.`,
    });
    return recorded;
  });
}
