import { eq } from 'drizzle-orm';
import { notFound, unprocessable } from '@/lib/api/errors';
import { merchants } from '@/lib/merchants/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { parseFeeSchedule } from '@/lib/platform/fee-schedule';
import { effectiveSchedule } from './charge';
import { forgetPricing, PRICING_LEAD_MS, pricingOfMerchant } from './current';
import { merchantPricing, type MerchantPricingRow } from './schema';

export interface PricingChange {
  merchantId: string;
  /** The schedule as written (JSON text): validated exactly as FEE_SCHEDULE is. */
  schedule: string;
  createdBy: string;
  reason?: string;
  /** When it starts to apply; at the earliest (and by default) PRICING_LEAD_MS from now. */
  effectiveFrom?: Date;
}

/**
 * A new version of a merchant's own schedule. It applies to payments received from its
 * effectiveFrom on, never to any received before: a change cannot be dated back, and a payment
 * keeps the fee and rule it was recorded with. Earlier versions stay as they were.
 */
/** In the caller's transaction when given (the operator console's approval writes its audit rows with it). */
export async function setMerchantPricing(change: PricingChange, tx: Queryable = db()) {
  const parsed = parseFeeSchedule(change.schedule);
  if (!parsed.ok) throw unprocessable(`The schedule is not valid: ${parsed.problems.join('; ')}.`, parsed.problems.map((message) => ({ path: 'schedule', message })));
  const earliest = new Date(Date.now() + PRICING_LEAD_MS);
  if (change.effectiveFrom && change.effectiveFrom.getTime() < earliest.getTime()) {
    throw unprocessable(
      `A change applies only to payments received after it: effectiveFrom must be ${earliest.toISOString()} or later (every instance reads pricing at most ${PRICING_LEAD_MS / 1000} s late).`,
      [{ path: 'effectiveFrom', message: 'must not be in the past' }],
    );
  }
  const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, change.merchantId));
  if (!merchant) throw notFound('The merchant');
  const [row] = await tx
    .insert(merchantPricing)
    .values({ merchantId: change.merchantId, schedule: parsed.schedule, effectiveFrom: change.effectiveFrom ?? earliest, createdBy: change.createdBy, reason: change.reason ?? null })
    .returning();
  forgetPricing(change.merchantId);
  return toPricingJson(row!, await pricingOfMerchant(change.merchantId, tx));
}

/** A version as the operator sees it, with the whole schedule that applies from its start (default ⊕ own). */
const toPricingJson = (row: MerchantPricingRow, pricing: Awaited<ReturnType<typeof pricingOfMerchant>>) => ({
  id: row.id,
  merchantId: row.merchantId,
  schedule: row.schedule,
  effectiveFrom: row.effectiveFrom.toISOString(),
  createdBy: row.createdBy,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  appliesFromThen: effectiveSchedule(pricing, row.effectiveFrom),
});
