import { nairobiDay } from '@/lib/payments/nairobi-days';

/** Kenya keeps UTC+3 all year: a Nairobi midnight is 21:00 UTC the day before. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The moment a Nairobi day (YYYY-MM-DD) starts. */
export const nairobiMidnight = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - NAIROBI_OFFSET_MS);

/** The Nairobi day `days` after (or before, when negative) the given one. */
export const addNairobiDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Payments received before the cutoff are due; later ones are still `pending`. A run on Nairobi day
 * D with a delay of d days pays what arrived before the start of day D − d + 1, and never anything
 * received after `now` (so a delay of 0 pays everything received until now). A manual payout uses
 * the same rule: pending money is never paid out early (docs/settlement.md, "Balances").
 */
export function settlementCutoff(now: Date, delayDays: number): Date {
  const boundary = nairobiMidnight(addNairobiDays(nairobiDay(now), 1 - delayDays));
  return boundary.getTime() < now.getTime() ? boundary : now;
}
