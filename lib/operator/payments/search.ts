import type { OperatorPrincipal } from '@/lib/api/principal';
import { merchantNames } from '@/lib/merchants/names';
import { searchPaymentsAcrossMerchants } from '@/lib/payments/search-across-merchants';
import { toPaymentJson } from '@/lib/payments/serialize';
import { db } from '@/lib/platform/db';
import { searchSuspenseAcrossMerchants } from '@/lib/suspense/search-across-merchants';
import { toSuspenseJson } from '@/lib/suspense/serialize';
import { recordOperatorRead } from '../audit';

/**
 * The console's one search box: payments of any merchant, and suspense, for what a payer or a
 * merchant quotes. Each merchant whose records it answered gets one audit row ("Collect support
 * (name) searched …"), so a merchant sees that its records were looked at; a merchant whose
 * records were not in the answer gets nothing.
 */
export async function searchAnyPayment(operator: OperatorPrincipal, q: string) {
  const [found, suspense] = await Promise.all([searchPaymentsAcrossMerchants(q), searchSuspenseAcrossMerchants(q)]);
  const names = await merchantNames(suspense.map((row) => row.merchantId).filter((id): id is string => id !== null));
  const seen = new Map<string, number>();
  for (const { merchant } of found) seen.set(merchant.id, (seen.get(merchant.id) ?? 0) + 1);
  for (const row of suspense) if (row.merchantId) seen.set(row.merchantId, (seen.get(row.merchantId) ?? 0) + 1);
  if (seen.size > 0) {
    // One transaction: the platform row and the merchants' rows share one commit (one disk flush per search).
    await db().transaction((tx) =>
      recordOperatorRead(tx, operator, {
        merchantIds: [...seen.keys()],
        action: 'payments.searched',
        targetType: 'search',
        summary: `searched payments for "${q}"`,
        details: { query: q },
      }),
    );
  }
  return {
    data: found.map(({ payment, merchant }) => ({ ...toPaymentJson(payment), merchant })),
    nextCursor: null,
    suspense: suspense.map((row) => ({
      ...toSuspenseJson(row),
      merchant: row.merchantId ? { id: row.merchantId, name: names.get(row.merchantId) ?? '' } : null,
    })),
  };
}
