import { and, eq, gte } from 'drizzle-orm';
import { expectedPayments } from '@/lib/bills/schema';
import { readRailAmount } from '@/lib/money/rail-amount';
import { ingestRailPayment } from '@/lib/payments/ingest';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import type { PromptResult } from './provider';
import type { StkRow } from './serialize';

/** Ties a payment to its prompt, so it can be found again when only the prompt's id is known. */
export const promptNarration = (row: StkRow) => `M-Pesa prompt ${row.checkoutRequestId ?? row.id}`;

/** A payment already recorded for this prompt (its recording committed, the prompt's update did not). */
async function earlierPromptPayment(row: StkRow) {
  const [payment] = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.virtualAccountId, row.virtualAccountId), gte(payments.createdAt, row.createdAt), eq(payments.narration, promptNarration(row))))
    .limit(1);
  return payment?.id;
}

async function billReferenceOf(row: StkRow) {
  if (!row.expectedPaymentId) return null;
  const [bill] = await db().select({ reference: expectedPayments.paymentReference }).from(expectedPayments).where(eq(expectedPayments.id, row.expectedPaymentId));
  return bill?.reference ?? null;
}

/**
 * Records the money a successful prompt moved, exactly once. The M-Pesa receipt is the reference
 * when known (a callback, or a C2B confirmation of the same payment, then deduplicates on it).
 * Daraja's query reports success without a receipt: the prompt's CheckoutRequestID stands in.
 */
export async function recordPromptPayment(row: StkRow, result: PromptResult): Promise<string | null> {
  if (!result.receipt) {
    const earlier = await earlierPromptPayment(row);
    if (earlier) return earlier;
  }
  const outcome = await ingestRailPayment(
    {
      rail: 'MPESA',
      channel: 'MOBILE_MONEY',
      providerReference: result.receipt ?? row.checkoutRequestId ?? row.id,
      accountReference: row.accountNumber,
      billReference: await billReferenceOf(row),
      currency: 'KES',
      payerPhone: result.phone ?? row.phone,
      narration: promptNarration(row),
      receivedAt: result.paidAt ?? new Date(),
      merchantId: row.merchantId,
      // Kept only should the money be held in suspense (an amount that is not money).
      rawBody: result.rawBody,
    },
    // An amount the callback reports that is not money is held in suspense, never credited.
    // (NUMERIC comes back as "700.0000": reading it drops the trailing zeros KES does not allow.)
    readRailAmount(result.amount ?? row.amount, 'KES'),
  );
  if (outcome.outcome === 'recorded') return outcome.payment.id;
  logger().error({ initiationId: row.id, reason: outcome.reason }, 'money from a phone prompt was held in suspense');
  return null;
}
