import { and, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { readDb } from '@/lib/platform/db/read-pool';
import { paymentsMatching } from './filters';
import { paymentDailyTotals, paymentMerchantDailyTotals, payments } from './schema';
import type { DailyTotalsFilters } from './schemas';
import { merchantCurrency, totalsCanAnswer, totalsScope } from './summary';

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
/** The instant a Nairobi day starts (Kenya keeps UTC+3 all year). */
const nairobiMidnight = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + plusDays * DAY_MS - NAIROBI_OFFSET_MS);

/** Sums per day and currency from the daily totals: the account's rows when one is named, else the merchant's. */
function fromTotals(principal: Principal, filters: DailyTotalsFilters): SQL {
  const totals = filters.virtualAccountId ? paymentDailyTotals : paymentMerchantDailyTotals;
  const where = and(
    eq(totals.merchantId, principal.merchantId),
    gte(totals.day, filters.from),
    lte(totals.day, filters.to),
    filters.currency ? eq(totals.currency, filters.currency) : undefined,
    filters.channel ? eq(totals.channel, filters.channel) : undefined,
    filters.virtualAccountId ? eq(paymentDailyTotals.virtualAccountId, filters.virtualAccountId) : undefined,
    totalsScope(principal, filters, totals.subMerchantId),
  );
  return sql`select ${totals.day} as day, ${totals.currency}::text as currency, sum(${totals.paymentCount}) as count,
                    sum(${totals.totalAmount}) as total, sum(${totals.feeAmount}) as fee
               from ${totals} where ${where} group by 1, 2`;
}

/** Sums per Nairobi day and currency of the payments themselves, for filters the totals cannot answer. */
function fromPayments(principal: Principal, filters: DailyTotalsFilters): SQL {
  const range = { ...filters, from: nairobiMidnight(filters.from).toISOString(), to: nairobiMidnight(filters.to, 1).toISOString() };
  // Reversed payments are out of the totals (lib/reversals/post-reversal.ts), so out of these sums too.
  const matching = paymentsMatching(principal, range);
  const where = and(matching.where, filters.currency ? eq(payments.currency, filters.currency) : undefined, ne(payments.status, 'REVERSED'));
  return sql`select (${payments.receivedAt} at time zone 'Africa/Nairobi')::date as day, ${payments.currency}::text as currency,
                    count(*) as count, sum(${payments.amount}) as total, sum(${payments.feeAmount}) as fee
               from ${matching.from} where ${where} group by 1, 2`;
}

export interface DailyTotalRow {
  day: string;
  currency: string;
  paymentCount: number;
  totalAmount: number;
  feeAmount: number;
  netAmount: number;
}

/**
 * One entry per Nairobi day from `from` to `to` (both included) and currency, days without
 * payments included as zeros, oldest first. Whole days are what the daily totals hold, so with
 * the filters they can answer (dates, channel, account, sub-merchant) this reads a few rows a day
 * whatever the number of payments; a search, amount range, bill, customer or match status sums
 * the payments it selects instead. Without a `currency` every day has the merchant's currency,
 * and any other currency paid within the range appears on every day too, so a chart per currency
 * has no gaps. Sums and net (total − fee) are NUMERIC in SQL; JSON carries them as numbers, as
 * everywhere in the API.
 */
export async function dailyTotals(principal: Principal, filters: DailyTotalsFilters): Promise<DailyTotalRow[]> {
  const sums = totalsCanAnswer(filters) ? fromTotals(principal, filters) : fromPayments(principal, filters);
  const always = filters.currency ?? (await merchantCurrency(principal.merchantId));
  const { rows } = await readDb().execute<{ day: string; currency: string; count: string; total: string; fee: string; net: string }>(sql`
    with sums as (${sums}),
    currencies as (select ${always}::text as currency union select currency from sums)
    select to_char(d, 'YYYY-MM-DD') as day, c.currency, coalesce(s.count, 0) as count, coalesce(s.total, 0) as total,
           coalesce(s.fee, 0) as fee, coalesce(s.total, 0) - coalesce(s.fee, 0) as net
      from generate_series(${filters.from}::date, ${filters.to}::date, interval '1 day') as d
     cross join currencies c
      left join sums s on s.day = d::date and s.currency = c.currency
     order by 1, 2`);
  return rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    paymentCount: Number(row.count),
    totalAmount: Number(row.total),
    feeAmount: Number(row.fee),
    netAmount: Number(row.net),
  }));
}
