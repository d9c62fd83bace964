import 'server-only';
import type { ServiceClient } from '@/lib/client';
import { merchantRoutes } from '@/lib/merchants/routes';

/**
 * The name of each settlement bucket: the merchant's own, or a sub-merchant paid to its own
 * account. Sub-merchants are read only when some bucket is one.
 */
export async function bucketNamer(client: ServiceClient, merchantName: string, subMerchantIds: (string | null)[]) {
  const wanted = subMerchantIds.some(Boolean);
  const subMerchants = wanted ? await client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }) : [];
  const names = new Map(subMerchants.map((subMerchant) => [subMerchant.id, subMerchant.name]));
  return (subMerchantId: string | null) => (subMerchantId ? (names.get(subMerchantId) ?? 'A sub-merchant') : merchantName);
}
