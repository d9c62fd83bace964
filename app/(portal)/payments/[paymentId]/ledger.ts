import 'server-only';
import type { BalanceEntry } from '@/components/accounts/types';
import type { Payment } from '@/components/payments/types';
import { accountRoutes } from '@/lib/accounts/routes';
import type { ServiceClient } from '@/lib/client';

/**
 * The balance entries a payment made: its credit and its fee, and, once reversed, the reversal's
 * debits. One call, however far back the payment lies in its account's history.
 */
export async function paymentLedger(client: ServiceClient, payment: Payment): Promise<BalanceEntry[]> {
  return client.call(accountRoutes.balanceHistory, { query: { virtualAccountId: payment.virtualAccountId, paymentId: payment.id, limit: 200 } });
}
