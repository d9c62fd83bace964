import 'server-only';
import { unitsOf } from '@/components/payments/amounts';
import type { BillProgressFigures } from '@/components/payments/bill-progress';
import type { DayTotal, Payment, PaymentSummary } from '@/components/payments/types';
import type { ServiceClient } from '@/lib/client';
import { fromUnits } from '@/lib/money/decimal';
import { paymentRoutes } from '@/lib/payments/routes';
import { nextCursor } from '@/lib/portal/pagination';
import type { ServiceFilters } from './filters';
import { addDays, lastNairobiDays, nairobiMidnight } from './nairobi-days';

/** Count and exact total of the payments matching the filters; the merchant's currency unless one is named. */
export function paymentSummary(client: ServiceClient, filters: ServiceFilters, currency?: string): Promise<PaymentSummary> {
  return client.call(paymentRoutes.summary, { query: { ...filters, currency } });
}

/**
 * Totals per Nairobi day over the last `days` days, for every filter but the dates. One summary
 * per day, all at once: whole days are answered from the daily totals table. A service route
 * returning the days in one call would do the same work in one request.
 */
export async function dailyTotals(client: ServiceClient, filters: ServiceFilters, currency: string, days = 30): Promise<DayTotal[]> {
  const { from: _from, to: _to, ...rest } = filters;
  return Promise.all(
    lastNairobiDays(days).map(async (day) => {
      const summary = await paymentSummary(client, { ...rest, from: nairobiMidnight(day), to: nairobiMidnight(addDays(day, 1)) }, currency);
      return { day, paymentCount: summary.paymentCount, totalAmount: summary.totalAmount };
    }),
  );
}

/**
 * What a bill has collected: every payment that names it, less those that only arrived after it
 * closed (NEEDS_ATTENTION), which the bill did not count. Exact, in units.
 */
export async function billProgress(client: ServiceClient, bill: { id: string; amount: number; currency: string }): Promise<BillProgressFigures> {
  const [all, setAside] = await Promise.all([
    paymentSummary(client, { expectedPaymentId: bill.id }, bill.currency),
    paymentSummary(client, { expectedPaymentId: bill.id, matchStatus: 'NEEDS_ATTENTION' }, bill.currency),
  ]);
  const paid = unitsOf(all.totalAmount) - unitsOf(setAside.totalAmount);
  const owed = unitsOf(bill.amount) - paid;
  return {
    paid: fromUnits(paid),
    due: fromUnits(owed > 0n ? owed : 0n),
    surplus: fromUnits(owed < 0n ? -owed : 0n),
  };
}

/** The latest payments of one bill, customer or account, and whether there are more. */
export async function latestPayments(
  client: ServiceClient,
  of: Pick<ServiceFilters, 'expectedPaymentId' | 'customerId' | 'virtualAccountId'>,
  limit = 10,
): Promise<{ payments: Payment[]; more: boolean }> {
  const result = await client.request(paymentRoutes.list, { query: { ...of, limit } });
  return { payments: result.data, more: Boolean(nextCursor(result.headers)) };
}
