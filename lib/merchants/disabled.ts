import { eq } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { merchants } from './schema';

/**
 * The disabled merchants, for the hot path of batched payments (lib/payments/batcher.ts), which
 * must not query per payment. Read again at most every DISABLED_CACHE_MS; the process that
 * disables a merchant forgets its copy at once. Disabled merchants are few, so the set is small.
 * A payment resolved one by one (lib/payments/resolve.ts) reads the merchant's status itself.
 */
export const DISABLED_CACHE_MS = 2_000;
let known: { ids: Set<string>; loadedAt: number } | undefined;

export async function refreshDisabledMerchants(now = Date.now()): Promise<void> {
  if (known && now - known.loadedAt < DISABLED_CACHE_MS) return;
  const rows = await db().select({ id: merchants.id }).from(merchants).where(eq(merchants.status, 'DISABLED'));
  known = { ids: new Set(rows.map((row) => row.id)), loadedAt: now };
}

/** As of the last refresh; false before any. */
export const isKnownDisabled = (merchantId: string) => known?.ids.has(merchantId) ?? false;

export const forgetDisabledMerchants = () => {
  known = undefined;
};
