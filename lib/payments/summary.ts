import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { paymentConditions } from './filters';
import { paymentDailyTotals, payments } from './schema';
import type { PaymentSummaryFilters } from './schemas';

const NAIROBI_OFFSET_MS = 3 * 3_600_000;

/** The Nairobi calendar day a moment falls on, when it is exactly that day's midnight. */
function nairobiMidnight(iso: string | undefined): string | undefined | null {
  if (iso === undefined) return undefined;
  const local = new Date(Date.parse(iso) + NAIROBI_OFFSET_MS);
  const isMidnight = local.getUTCHours() === 0 && local.getUTCMinutes() === 0 && local.getUTCSeconds() === 0 && local.getUTCMilliseconds() === 0;
  return isMidnight ? local.toISOString().slice(0, 10) : null;
}

/**
 * Filters the daily totals can answer: whole Nairobi days, channel, account and sub-merchant.
 * Anything finer (an amount range, a search, a bill) is summed from the payments themselves.
 */
function dailyTotalsCondition(principal: Principal, filters: PaymentSummaryFilters, currency: string) {
  if (filters.q || filters.minAmount || filters.maxAmount || filters.expectedPaymentId || filters.customerId || filters.matchStatus) return undefined;
  const fromDay = nairobiMidnight(filters.from);
  const toDay = nairobiMidnight(filters.to);
  if (fromDay === null || toDay === null) return undefined;
  const scopeSubMerchant = principal.subMerchantId ?? filters.subMerchantId;
  return and(
    eq(paymentDailyTotals.merchantId, principal.merchantId),
    eq(paymentDailyTotals.currency, currency),
    fromDay ? gte(paymentDailyTotals.day, fromDay) : undefined,
    toDay ? lt(paymentDailyTotals.day, toDay) : undefined,
    filters.channel ? eq(paymentDailyTotals.channel, filters.channel) : undefined,
    filters.virtualAccountId ? eq(paymentDailyTotals.virtualAccountId, filters.virtualAccountId) : undefined,
    scopeSubMerchant ? eq(paymentDailyTotals.subMerchantId, scopeSubMerchant) : undefined,
    // A scoped user asking for another sub-merchant sees nothing, as in the list.
    principal.subMerchantId && filters.subMerchantId && filters.subMerchantId !== principal.subMerchantId ? sql`false` : undefined,
  );
}

/** Count and exact total (NUMERIC sum in PostgreSQL) for the filters, in one currency. */
export async function summarisePayments(principal: Principal, filters: PaymentSummaryFilters) {
  const currency = filters.currency ?? (await merchantCurrency(principal.merchantId));
  const fromTotals = dailyTotalsCondition(principal, filters, currency);
  const [row] = fromTotals
    ? await db()
        .select({ count: sql<string>`coalesce(sum(${paymentDailyTotals.paymentCount}), 0)`, total: sql<string>`coalesce(sum(${paymentDailyTotals.totalAmount}), 0)` })
        .from(paymentDailyTotals)
        .where(fromTotals)
    : await db()
        .select({ count: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
        .from(payments)
        .where(and(paymentConditions(principal, filters), eq(payments.currency, currency)));
  return { paymentCount: Number(row!.count), totalAmount: Number(row!.total), currency };
}

async function merchantCurrency(merchantId: string): Promise<string> {
  const [merchant] = await db().select({ currency: merchants.defaultCurrency }).from(merchants).where(eq(merchants.id, merchantId));
  return merchant?.currency ?? 'KES';
}
