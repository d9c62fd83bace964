import type { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import { moneyJson } from '@/lib/api/serialize';
import type { BillStatus } from '@/lib/bills/schema';
import { merchants } from '@/lib/merchants/schema';
import { paymentOptionsOfTarget } from '@/lib/payment-options/build';
import { ofMerchant, type PaymentTarget } from '@/lib/payment-options/targets';
import { db } from '@/lib/platform/db';
import { targetOfLink } from './queries';
import { payerLinks } from './schema';
import type { PayerPage } from './schemas';

type Bill = NonNullable<PaymentTarget['bill']>;

/** An open bill past its expiry is expired, whether or not a job has marked it yet. */
export function billStatusAt(bill: Pick<Bill, 'status' | 'expiresAt'>, now: Date): BillStatus {
  const open = bill.status === 'OPEN' || bill.status === 'PARTIALLY_PAID';
  return open && bill.expiresAt <= now ? 'EXPIRED' : bill.status;
}

const nairobiTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', dateStyle: 'long', timeStyle: 'short' });

/** Why a payer can no longer pay this target, in a sentence for the payer; null while payable. */
export function closedBecause(target: PaymentTarget, now: Date): string | null {
  if (target.bill) {
    switch (billStatusAt(target.bill, now)) {
      case 'PAID':
        return 'This bill has already been paid in full, so there is nothing more to pay.';
      case 'CANCELLED':
        return 'The merchant has cancelled this bill, so it can no longer be paid. Ask them if you think this is a mistake.';
      case 'EXPIRED':
        return `This bill expired on ${nairobiTime.format(target.bill.expiresAt)} (Nairobi time), so it can no longer be paid. Ask the merchant for a new one.`;
    }
  }
  if (target.customer && target.customer.status !== 'ACTIVE') {
    return 'This customer account is no longer in use, so payments to it are not accepted. Ask the merchant how to pay them now.';
  }
  if (target.account.status === 'CLOSED') {
    return 'This payment account has been closed, so payments to it are not accepted. Ask the merchant for their current payment details.';
  }
  return null;
}

/** The public payer page behind a link: only what a payer needs, nothing else of the merchant. */
export async function payerPage(token: string, now = new Date()): Promise<z.infer<typeof PayerPage>> {
  const [link] = await db().select().from(payerLinks).where(eq(payerLinks.token, token));
  if (!link) throw notFound('The payment link');
  const target = await targetOfLink(ofMerchant(link.merchantId), link.targetType, link.targetId);
  const reason = closedBecause(target, now);
  if (reason) throw new ApiError(410, 'payer_link_closed', 'No longer payable', reason);
  const [merchant] = await db().select({ name: merchants.name }).from(merchants).where(eq(merchants.id, link.merchantId));
  const { bill, customer } = target;
  return {
    merchantName: merchant!.name,
    targetType: link.targetType,
    status: 'PAYABLE',
    paymentOptions: paymentOptionsOfTarget(target),
    bill: bill && {
      paymentReference: bill.paymentReference,
      amount: moneyJson(bill.amount),
      currency: bill.currency,
      expiresAt: bill.expiresAt.toISOString(),
      status: billStatusAt(bill, now),
    },
    customer: customer && { displayName: customer.displayName },
    accountName: target.account.accountName,
    currency: bill?.currency ?? target.account.currency,
  };
}
