import { and, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '@/lib/auth/principal';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { readDb } from '@/lib/platform/db/read-pool';
import { paymentsMatching } from './filters';
import { splitForTotals, type Span, type TotalsSplit } from './nairobi-days';
import { paymentDailyTotals, paymentMerchantDailyTotals, paymentMerchantHourlyTotals, payments } from './schema';
import type { PaymentSummaryFilters } from './schemas';

/** Anything finer than day, channel, account and sub-merchant (an amount range, a search, a bill) has no daily total. */
export const totalsCanAnswer = (filters: Omit<PaymentSummaryFilters, 'from' | 'to'>) =>
  !(filters.q || filters.minAmount || filters.maxAmount || filters.expectedPaymentId || filters.customerId || filters.matchStatus);

/** The sub-merchant whose totals a caller sees: its own when scoped, else the one it filters on. */
export function totalsScope(principal: Principal, filters: Pick<PaymentSummaryFilters, 'subMerchantId'>, subMerchantColumn: AnyPgColumn): SQL | undefined {
  const scopeSubMerchant = principal.subMerchantId ?? filters.subMerchantId;
  return and(
    scopeSubMerchant ? eq(subMerchantColumn, scopeSubMerchant) : undefined,
    // A scoped user asking for another sub-merchant sees nothing, as in the list.
    principal.subMerchantId && filters.subMerchantId && filters.subMerchantId !== principal.subMerchantId ? sql`false` : undefined,
  );
}

/**
 * The whole days of the split, read from daily totals: one account's own rows when the filter names
 * an account, else the merchant's (a few rows a day, however many accounts it has).
 */
function wholeDays(principal: Principal, filters: PaymentSummaryFilters, currency: string, days: NonNullable<TotalsSplit['days']>): SQL {
  const totals = filters.virtualAccountId ? paymentDailyTotals : paymentMerchantDailyTotals;
  const where = and(
    eq(totals.merchantId, principal.merchantId),
    eq(totals.currency, currency),
    days.fromDay ? gte(totals.day, days.fromDay) : undefined,
    days.toDay ? lt(totals.day, days.toDay) : undefined,
    filters.channel ? eq(totals.channel, filters.channel) : undefined,
    filters.virtualAccountId ? eq(paymentDailyTotals.virtualAccountId, filters.virtualAccountId) : undefined,
    totalsScope(principal, filters, totals.subMerchantId),
  );
  return sql`select ${totals.paymentCount}::numeric as count, ${totals.totalAmount} as total, ${totals.feeAmount} as fee from ${totals} where ${where}`;
}

/** A run of whole hours, from the merchant's hourly totals. */
function wholeHours(principal: Principal, filters: PaymentSummaryFilters, currency: string, hours: Span): SQL {
  const totals = paymentMerchantHourlyTotals;
  const where = and(
    eq(totals.merchantId, principal.merchantId),
    eq(totals.currency, currency),
    gte(totals.hour, hours.from!),
    lt(totals.hour, hours.to!),
    filters.channel ? eq(totals.channel, filters.channel) : undefined,
    totalsScope(principal, filters, totals.subMerchantId),
  );
  return sql`select ${totals.paymentCount}::numeric as count, ${totals.totalAmount} as total, ${totals.feeAmount} as fee from ${totals} where ${where}`;
}

/** The payments themselves, for the filters (over `span` instead of their own range when given: a partial day). */
function paymentsIn(principal: Principal, filters: PaymentSummaryFilters, currency: string, span?: Span): SQL {
  const within = span ? { ...filters, from: span.from?.toISOString(), to: span.to?.toISOString() } : filters;
  // Reversed payments are out of the totals (lib/reversals/post-reversal.ts), so out of these sums too.
  const matching = paymentsMatching(principal, within);
  const where = and(matching.where, eq(payments.currency, currency), ne(payments.status, 'REVERSED'));
  return sql`select count(*)::numeric as count, sum(${payments.amount}) as total, sum(${payments.feeAmount}) as fee from ${matching.from} where ${where}`;
}

/** The parts whose sums make the summary: totals where they can answer, payments elsewhere. */
function summaryParts(principal: Principal, filters: PaymentSummaryFilters, currency: string): SQL[] {
  if (!totalsCanAnswer(filters)) return [paymentsIn(principal, filters, currency)];
  // Hourly totals are kept per merchant, not per account: one account's partial days are its own payments.
  const split = splitForTotals(filters.from, filters.to, { hours: !filters.virtualAccountId });
  return [
    ...(split.days ? [wholeDays(principal, filters, currency, split.days)] : []),
    ...split.hours.map((hours) => wholeHours(principal, filters, currency, hours)),
    ...split.edges.map((edge) => paymentsIn(principal, filters, currency, edge)),
  ];
}

/**
 * Count, exact total, fees and net (total − fees) for the filters, in one currency: whole Nairobi days from the daily totals
 * and whole hours from the hourly ones (both kept in each payment's statement), the rest (under an
 * hour at either end) from the payments, all added as NUMERIC in one statement. A filter the totals
 * cannot answer sums the payments it selects.
 */
export async function summarisePayments(principal: Principal, filters: PaymentSummaryFilters) {
  const currency = filters.currency ?? (await merchantCurrency(principal.merchantId));
  const parts = summaryParts(principal, filters, currency);
  if (parts.length === 0) return { paymentCount: 0, totalAmount: 0, currency, feeAmount: 0, netAmount: 0 }; // an empty range
  // Net is subtracted in NUMERIC: a float subtraction of the two could be a cent off.
  const { rows } = await readDb().execute<{ count: string; total: string; fee: string; net: string }>(
    sql`select coalesce(sum(count), 0) as count, coalesce(sum(total), 0) as total, coalesce(sum(fee), 0) as fee,
               coalesce(sum(total), 0) - coalesce(sum(fee), 0) as net
          from (${sql.join(parts, sql` union all `)}) as parts`,
  );
  const { count, total, fee, net } = rows[0]!;
  return { paymentCount: Number(count), totalAmount: Number(total), currency, feeAmount: Number(fee), netAmount: Number(net) };
}

export async function merchantCurrency(merchantId: string): Promise<string> {
  const [merchant] = await db().select({ currency: merchants.defaultCurrency }).from(merchants).where(eq(merchants.id, merchantId));
  return merchant?.currency ?? 'KES';
}
