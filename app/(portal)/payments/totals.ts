import 'server-only';
import { unitsOf } from '@/components/payments/amounts';
import type { BillProgressFigures } from '@/components/payments/bill-progress';
import type { DayTotal, Payment, PaymentSummary } from '@/components/payments/types';
import type { ServiceClient } from '@/lib/client';
import { fromUnits } from '@/lib/money/decimal';
import { paymentRoutes } from '@/lib/payments/routes';
import { nextCursor } from '@/lib/portal/pagination';
import type { ServiceFilters } from './filters';
import { lastNairobiDays } from './nairobi-days';

/** Count and exact total of the payments matching the filters; the merchant's currency unless one is named. */
export function paymentSummary(client: ServiceClient, filters: ServiceFilters, currency?: string): Promise<PaymentSummary> {
  return client.call(paymentRoutes.summary, { query: { ...filters, currency } });
}

/**
 * Totals per Nairobi day over the last `days` days, for every filter but the dates, by currency:
 * one call, answered by the service from its daily totals, empty days included. Without a
 * currency the service answers every day in the merchant's currency (and any other paid in the
 * range), so the caller need not know the merchant's currency before asking.
 */
export async function dailyTotalsByCurrency(client: ServiceClient, filters: ServiceFilters, currency: string | undefined, days = 30): Promise<Map<string, DayTotal[]>> {
  const { from: _from, to: _to, ...rest } = filters;
  const range = lastNairobiDays(days);
  const totals = await client.call(paymentRoutes.dailyTotals, { query: { ...rest, currency, from: range[0]!, to: range.at(-1)! } });
  const byCurrency = new Map<string, DayTotal[]>();
  for (const { currency: dayCurrency, day, paymentCount, totalAmount, feeAmount, netAmount } of totals) {
    const list = byCurrency.get(dayCurrency) ?? [];
    list.push({ day, paymentCount, totalAmount, feeAmount, netAmount });
    byCurrency.set(dayCurrency, list);
  }
  return byCurrency;
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
