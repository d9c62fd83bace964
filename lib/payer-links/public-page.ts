import type { z } from '@hono/zod-openapi';
import { and, eq, max, ne } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import { moneyJson } from '@/lib/api/serialize';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import type { BillStatus } from '@/lib/bills/schema';
import { merchants } from '@/lib/merchants/schema';
import { paymentOptionsOfTarget } from '@/lib/payment-options/build';
import { payments } from '@/lib/payments/schema';
import { ofMerchant, type PaymentTarget } from '@/lib/payment-options/targets';
import { db } from '@/lib/platform/db';
import { targetOfLink } from './queries';
import { payerLinks } from './schema';
import type { PayerLinkClosure, PayerPage } from './schemas';

type Bill = NonNullable<PaymentTarget['bill']>;

/** What is left to pay of a bill (exact decimals); its whole amount once overpaid, as amountDue says. */
function stillDue(bill: Pick<Bill, 'amount' | 'amountPaid'>): string {
  const owed = toUnits(bill.amount) - toUnits(bill.amountPaid);
  return owed > 0n ? fromUnits(owed) : bill.amount;
}

/** An open bill past its expiry is expired, whether or not a job has marked it yet. */
export function billStatusAt(bill: Pick<Bill, 'status' | 'expiresAt'>, now: Date): BillStatus {
  const open = bill.status === 'OPEN' || bill.status === 'PARTIALLY_PAID';
  return open && bill.expiresAt <= now ? 'EXPIRED' : bill.status;
}

const nairobiTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', dateStyle: 'long', timeStyle: 'short' });

type ClosureReason = z.infer<typeof PayerLinkClosure>['reason'];

/** Why a payer can no longer pay this target; null while payable. */
export function closureReason(target: PaymentTarget, now: Date): ClosureReason | null {
  if (target.bill) {
    switch (billStatusAt(target.bill, now)) {
      case 'PAID':
        return 'BILL_PAID';
      case 'CANCELLED':
        return 'BILL_CANCELLED';
      case 'EXPIRED':
        return 'BILL_EXPIRED';
    }
  }
  if (target.customer && target.customer.status !== 'ACTIVE') return 'CUSTOMER_INACTIVE';
  if (target.account.status === 'CLOSED') return 'ACCOUNT_CLOSED';
  return null;
}

/** The same, in a sentence for the payer (the problem's detail), with the date when there is one. */
export function closedBecause(target: PaymentTarget, now: Date, closedAt: Date | null = null): string | null {
  const on = closedAt ? ` on ${nairobiTime.format(closedAt)} (Nairobi time)` : '';
  switch (closureReason(target, now)) {
    case 'BILL_PAID':
      return `This bill was paid in full${on}, so there is nothing more to pay.`;
    case 'BILL_CANCELLED':
      return `The merchant cancelled this bill${on}, so it can no longer be paid. Ask them if you think this is a mistake.`;
    case 'BILL_EXPIRED':
      return `This bill expired on ${nairobiTime.format(target.bill!.expiresAt)} (Nairobi time), so it can no longer be paid. Ask the merchant for a new one.`;
    case 'CUSTOMER_INACTIVE':
      return 'This customer account is no longer in use, so payments to it are not accepted. Ask the merchant how to pay them now.';
    case 'ACCOUNT_CLOSED':
      return 'This payment account has been closed, so payments to it are not accepted. Ask the merchant for their current payment details.';
    case null:
      return null;
  }
}

/** When a paid bill was settled: its latest payment (none when its status was set another way). */
async function paidAt(billId: string): Promise<Date | null> {
  const [row] = await db()
    .select({ at: max(payments.receivedAt) })
    .from(payments)
    .where(and(eq(payments.expectedPaymentId, billId), ne(payments.matchStatus, 'NEEDS_ATTENTION')));
  return row?.at ?? null;
}

/** When the target stopped being payable, where the service knows it. */
async function closedAt(target: PaymentTarget, reason: ClosureReason): Promise<Date | null> {
  switch (reason) {
    case 'BILL_PAID':
      return paidAt(target.bill!.id);
    case 'BILL_CANCELLED':
      return target.bill!.cancelledAt;
    case 'BILL_EXPIRED':
      return target.bill!.expiresAt;
    default:
      return null;
  }
}

/** The public payer page behind a link: only what a payer needs, nothing else of the merchant. */
export async function payerPage(token: string, now = new Date()): Promise<z.infer<typeof PayerPage>> {
  const [link] = await db().select().from(payerLinks).where(eq(payerLinks.token, token));
  if (!link) throw notFound('The payment link');
  const target = await targetOfLink(ofMerchant(link.merchantId), link.targetType, link.targetId);
  const [merchant] = await db().select({ name: merchants.name }).from(merchants).where(eq(merchants.id, link.merchantId));
  const reason = closureReason(target, now);
  if (reason) {
    // The payer is told whose link it was, for which bill and why it is closed (the merchant's name
    // and the bill are what the open page showed anyway; nothing more of the merchant).
    const at = await closedAt(target, reason);
    const closed: z.infer<typeof PayerLinkClosure> = {
      reason,
      at: at?.toISOString() ?? null,
      merchantName: merchant!.name,
      bill: target.bill && { paymentReference: target.bill.paymentReference, amount: moneyJson(target.bill.amount), currency: target.bill.currency },
    };
    throw new ApiError(410, 'payer_link_closed', 'No longer payable', closedBecause(target, now, at)!, { closed });
  }
  const { bill, customer } = target;
  return {
    merchantName: merchant!.name,
    targetType: link.targetType,
    status: 'PAYABLE',
    paymentOptions: await paymentOptionsOfTarget(target),
    bill: bill && {
      paymentReference: bill.paymentReference,
      amount: moneyJson(bill.amount),
      amountDue: moneyJson(stillDue(bill)),
      currency: bill.currency,
      expiresAt: bill.expiresAt.toISOString(),
      status: billStatusAt(bill, now),
    },
    customer: customer && { displayName: customer.displayName },
    accountName: target.account.accountName,
    currency: bill?.currency ?? target.account.currency,
  };
}
