import { desc, inArray } from 'drizzle-orm';
import { db, type Queryable } from '@/lib/platform/db';
import type { FeeScheduleText } from '@/lib/platform/fee-schedule';
import { merchantPricing } from './schema';

/** One version of a merchant's own schedule, as the hot path reads it. */
export interface PricingVersion {
  id: string;
  effectiveFrom: number;
  schedule: FeeScheduleText;
}

/** A merchant's versions, newest effectiveFrom first (most merchants have none). */
export interface MerchantPricing {
  merchantId: string;
  versions: PricingVersion[];
}

/**
 * How long a merchant's versions are kept in memory. A change is written to take effect this long
 * after it is made at the earliest (PRICING_LEAD_MS), so every instance has read it before any
 * payment it applies to: the cache never charges a stale rule, and a payment costs no query.
 */
export const PRICING_CACHE_MS = 5_000;
export const PRICING_LEAD_MS = PRICING_CACHE_MS;
const MAX_CACHED = 100_000;

const cache = new Map<string, { pricing: MerchantPricing; loadedAt: number }>();

/** The pricing of each merchant named, from memory when read within PRICING_CACHE_MS, else in one query. */
export async function pricingOf(merchantIds: readonly string[], tx: Queryable = db()): Promise<Map<string, MerchantPricing>> {
  const now = Date.now();
  const found = new Map<string, MerchantPricing>();
  const stale: string[] = [];
  for (const id of merchantIds) {
    const cached = cache.get(id);
    if (cached && now - cached.loadedAt < PRICING_CACHE_MS) found.set(id, cached.pricing);
    else if (!found.has(id)) stale.push(id);
  }
  if (stale.length === 0) return found;
  const unique = [...new Set(stale)];
  const rows = await tx
    .select({ id: merchantPricing.id, merchantId: merchantPricing.merchantId, schedule: merchantPricing.schedule, effectiveFrom: merchantPricing.effectiveFrom })
    .from(merchantPricing)
    .where(inArray(merchantPricing.merchantId, unique))
    .orderBy(desc(merchantPricing.effectiveFrom), desc(merchantPricing.createdAt));
  if (cache.size + unique.length > MAX_CACHED) cache.clear();
  for (const merchantId of unique) {
    const versions = rows
      .filter((row) => row.merchantId === merchantId)
      .map((row) => ({ id: row.id, effectiveFrom: row.effectiveFrom.getTime(), schedule: row.schedule }));
    const pricing = { merchantId, versions };
    cache.set(merchantId, { pricing, loadedAt: now });
    found.set(merchantId, pricing);
  }
  return found;
}

/** One merchant's pricing (see pricingOf). */
export const pricingOfMerchant = async (merchantId: string, tx?: Queryable): Promise<MerchantPricing> =>
  (await pricingOf([merchantId], tx)).get(merchantId)!;

/** This process's copy is dropped at once when it makes a change itself (other instances: PRICING_CACHE_MS). */
export const forgetPricing = (merchantId: string) => cache.delete(merchantId);

/** The version in force at an instant: the latest effectiveFrom not after it. */
export const versionAt = (pricing: MerchantPricing, at: Date): PricingVersion | undefined =>
  pricing.versions.find((version) => version.effectiveFrom <= at.getTime());
