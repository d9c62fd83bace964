import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { paymentConditions } from './filters';
import { splitIntoNairobiDays, type DaySplit, type Span } from './nairobi-days';
import { paymentDailyTotals, paymentMerchantDailyTotals, payments } from './schema';
import type { PaymentSummaryFilters } from './schemas';

/** Anything finer than day, channel, account and sub-merchant (an amount range, a search, a bill) has no daily total. */
const totalsCanAnswer = (filters: PaymentSummaryFilters) =>
  !(filters.q || filters.minAmount || filters.maxAmount || filters.expectedPaymentId || filters.customerId || filters.matchStatus);

/**
 * The whole days of the split, read from daily totals: one account's own rows when the filter names
 * an account, else the merchant's (a few rows a day, however many accounts it has).
 */
function wholeDays(principal: Principal, filters: PaymentSummaryFilters, currency: string, split: DaySplit): SQL {
  const totals = filters.virtualAccountId ? paymentDailyTotals : paymentMerchantDailyTotals;
  const scopeSubMerchant = principal.subMerchantId ?? filters.subMerchantId;
  const where = and(
    eq(totals.merchantId, principal.merchantId),
    eq(totals.currency, currency),
    split.fromDay ? gte(totals.day, split.fromDay) : undefined,
    split.toDay ? lt(totals.day, split.toDay) : undefined,
    filters.channel ? eq(totals.channel, filters.channel) : undefined,
    filters.virtualAccountId ? eq(paymentDailyTotals.virtualAccountId, filters.virtualAccountId) : undefined,
    scopeSubMerchant ? eq(totals.subMerchantId, scopeSubMerchant) : undefined,
    // A scoped user asking for another sub-merchant sees nothing, as in the list.
    principal.subMerchantId && filters.subMerchantId && filters.subMerchantId !== principal.subMerchantId ? sql`false` : undefined,
  );
  return sql`select ${totals.paymentCount}::numeric as count, ${totals.totalAmount} as total from ${totals} where ${where}`;
}

/** The payments themselves, for the filters (over `span` instead of their own range when given: a partial day). */
function paymentsIn(principal: Principal, filters: PaymentSummaryFilters, currency: string, span?: Span): SQL {
  const within = span ? { ...filters, from: span.from?.toISOString(), to: span.to?.toISOString() } : filters;
  const where = and(paymentConditions(principal, within), eq(payments.currency, currency));
  return sql`select count(*)::numeric as count, sum(${payments.amount}) as total from ${payments} where ${where}`;
}

/**
 * Count and exact total for the filters, in one currency: whole Nairobi days from the daily totals
 * (kept in each payment's transaction), partial first and last days from the payments, all added
 * as NUMERIC in one statement. A filter the totals cannot answer sums the payments it selects.
 */
export async function summarisePayments(principal: Principal, filters: PaymentSummaryFilters) {
  const currency = filters.currency ?? (await merchantCurrency(principal.merchantId));
  const split = totalsCanAnswer(filters) ? splitIntoNairobiDays(filters.from, filters.to) : undefined;
  const parts = split
    ? [wholeDays(principal, filters, currency, split), ...split.edges.map((edge) => paymentsIn(principal, filters, currency, edge))]
    : [paymentsIn(principal, filters, currency)];
  const { rows } = await db().execute<{ count: string; total: string }>(
    sql`select coalesce(sum(count), 0) as count, coalesce(sum(total), 0) as total from (${sql.join(parts, sql` union all `)}) as parts`,
  );
  return { paymentCount: Number(rows[0]!.count), totalAmount: Number(rows[0]!.total), currency };
}

async function merchantCurrency(merchantId: string): Promise<string> {
  const [merchant] = await db().select({ currency: merchants.defaultCurrency }).from(merchants).where(eq(merchants.id, merchantId));
  return merchant?.currency ?? 'KES';
}
