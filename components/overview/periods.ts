import { unitsOf } from '@/components/payments/amounts';
import type { DayTotal } from '@/components/payments/types';
import { fromUnits } from '@/lib/money/decimal';

/** What was collected over some days: exact sums (decimal text) and the count. */
export interface PeriodFigures {
  paymentCount: number;
  gross: string;
  fees: string;
  net: string;
}

/** One period of the overview beside the one just before it, and the Nairobi dates it covers. */
export interface PeriodComparison {
  label: string;
  /** "today", "the 7 days before", … */
  before: string;
  from: string;
  to: string;
  current: PeriodFigures;
  previous: PeriodFigures;
}

/** Adds days exactly, in units, never as floats. */
export function sumDays(days: DayTotal[]): PeriodFigures {
  let gross = 0n;
  let fees = 0n;
  let net = 0n;
  let paymentCount = 0;
  for (const day of days) {
    gross += unitsOf(day.totalAmount);
    fees += unitsOf(day.feeAmount);
    net += unitsOf(day.netAmount);
    paymentCount += day.paymentCount;
  }
  return { paymentCount, gross: fromUnits(gross), fees: fromUnits(fees), net: fromUnits(net) };
}

/**
 * Today, the last 7 and the last 30 days (today included), each beside the same number of days
 * before it, from consecutive daily totals ending today (at least 60 of them, oldest first).
 */
export function comparePeriods(days: DayTotal[]): PeriodComparison[] {
  const periods = [
    { length: 1, label: 'Today', before: 'yesterday' },
    { length: 7, label: 'Last 7 days', before: 'the 7 days before' },
    { length: 30, label: 'Last 30 days', before: 'the 30 days before' },
  ];
  return periods.map(({ length, label, before }) => {
    const current = days.slice(-length);
    const previous = days.slice(-2 * length, -length);
    return { label, before, from: current[0]!.day, to: current.at(-1)!.day, current: sumDays(current), previous: sumDays(previous) };
  });
}

/**
 * The change from `previous` to `current` in words, e.g. "up 12% on yesterday". A percentage is
 * only a picture, so a float is fine here; the amounts themselves are shown exactly beside it.
 */
export function changeWords(current: string, previous: string, before: string): string {
  const now = Number(current);
  const then = Number(previous);
  if (then === 0) return now === 0 ? `nothing ${before} either` : `nothing ${before}`;
  const percent = Math.round(((now - then) / then) * 100);
  if (percent === 0) return `about the same as ${before}`;
  return `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}% on ${before}`;
}
