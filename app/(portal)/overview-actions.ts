'use server';

import { paymentRoutes } from '@/lib/payments/routes';
import { portalClient, requireSession } from '@/lib/portal/session';

/**
 * The id of the newest payment the caller may see (null when none), for the overview's live
 * refresh: cheap to ask every few seconds, and the page refreshes only when it changes. The
 * session is checked again on every call.
 */
export async function newestPaymentId(): Promise<string | null> {
  const session = await requireSession();
  const [newest] = await portalClient(session).call(paymentRoutes.list, { query: { limit: 1 } });
  return newest?.id ?? null;
}
