import 'server-only';
import type { BalanceEntry } from '@/components/accounts/types';
import type { Payment } from '@/components/payments/types';
import { accountRoutes } from '@/lib/accounts/routes';
import type { ServiceClient } from '@/lib/client';
import { nextCursor } from '@/lib/portal/pagination';

const PAGE = 200;
/** How far back to look: a payment older than this many entries of its account is left to the account's history. */
const MAX_PAGES = 10;

export interface PaymentLedger {
  entries: BalanceEntry[];
  /** False when the payment lies further back than this page walks. */
  complete: boolean;
}

/**
 * The balance entries a payment made (its credit, and its fee). They are written in the
 * payment's transaction, so they carry its createdAt: the account's history is walked newest
 * first, one page at a time, until it is older than the payment.
 */
export async function paymentLedger(client: ServiceClient, payment: Payment): Promise<PaymentLedger> {
  const since = Date.parse(payment.createdAt);
  const entries: BalanceEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await client.request(accountRoutes.balanceHistory, {
      query: { virtualAccountId: payment.virtualAccountId, limit: PAGE, cursor },
    });
    entries.push(...result.data.filter((entry) => entry.paymentId === payment.id));
    cursor = nextCursor(result.headers);
    const oldest = result.data.at(-1);
    if (!cursor || !oldest || Date.parse(oldest.createdAt) < since) return { entries, complete: true };
  }
  return { entries, complete: false };
}
