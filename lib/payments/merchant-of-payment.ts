import { db } from '@/lib/platform/db';
import { payments } from './schema';
import { paymentWithId } from './by-id';

/**
 * Whose payment this is, for the operator's console only: it names the merchant so that every
 * further read is scoped to it explicitly ({ merchantId, subMerchantId: null }). Undefined when
 * no payment has this id.
 */
export async function merchantOfPayment(paymentId: string): Promise<string | undefined> {
  const [row] = await db().select({ merchantId: payments.merchantId }).from(payments).where(paymentWithId(paymentId));
  return row?.merchantId;
}
