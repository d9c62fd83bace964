import { and, eq } from 'drizzle-orm';
import { notFound } from '@/lib/api/errors';
import { subMerchants } from '@/lib/merchants/schema';
import type { Queryable } from '@/lib/platform/db';

/** A sub-merchant named in a request must be the caller's merchant's; any other id is unknown (404). */
export async function assertSubMerchantOf(tx: Queryable, merchantId: string, subMerchantId: string | null | undefined): Promise<string | null> {
  if (!subMerchantId) return null;
  const [found] = await tx
    .select({ id: subMerchants.id })
    .from(subMerchants)
    .where(and(eq(subMerchants.id, subMerchantId), eq(subMerchants.merchantId, merchantId)));
  if (!found) throw notFound('The sub-merchant');
  return found.id;
}
