import { eq } from 'drizzle-orm';
import type { Channel } from '@/lib/money/channels';
import { merchants } from '@/lib/merchants/schema';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { paybillAccountEntry } from '../copy';
import type { PaymentTarget } from '../targets';
import { keQrPayload, type KeQrKind } from './payload';

export interface KeQr {
  payload: string;
  kind: KeQrKind;
}

type Bill = NonNullable<PaymentTarget['bill']>;

/** A bill still taking money: open or part-paid, and not past its expiry. */
const openBill = (bill: Bill, now: Date) => (bill.status === 'OPEN' || bill.status === 'PARTIALLY_PAID') && bill.expiresAt > now;

/**
 * The KE-QR code of a payment target: static for an account, dynamic (amount due and reference)
 * for an open bill. None when M-Pesa cannot take the payment (KE-QR is KES: a USD bill has none;
 * a merchant whose pricing does not offer M-Pesa), for a closed account, or for a bill no longer
 * open (there is nothing to pay).
 */
export async function keQrOfTarget(
  target: PaymentTarget,
  usable: Channel[],
  where: { paybillNumber: string; paybillName: string },
  amountDue: (bill: Bill) => string,
  now = new Date(),
): Promise<KeQr | null> {
  if (!usable.includes('MOBILE_MONEY') || target.account.status === 'CLOSED') return null;
  if (target.bill && (target.bill.currency !== 'KES' || !openBill(target.bill, now))) return null;
  const [merchant] = await db()
    .select({ name: merchants.name, categoryCode: merchants.merchantCategoryCode })
    .from(merchants)
    .where(eq(merchants.id, target.account.merchantId));
  if (!merchant) return null;
  try {
    return keQrPayload({
      paybillNumber: where.paybillNumber,
      accountEntry: paybillAccountEntry({ accountNumber: target.account.accountNumber, reference: target.reference }),
      merchantName: merchant.name,
      fallbackName: where.paybillName,
      merchantCategoryCode: merchant.categoryCode,
      city: config().KE_QR_CITY,
      bill: target.bill && { amountDue: amountDue(target.bill), reference: target.bill.paymentReference },
    });
  } catch (error) {
    // A value the standard cannot hold (an account entry over its template's 99 characters): the
    // payer still has the typed instructions, so the page goes on without a code.
    logger().warn({ err: error, accountId: target.account.id }, 'KE-QR code could not be written');
    return null;
  }
}
