import { logger } from '@/lib/platform/logger';
import { storableText } from '@/lib/platform/text';

/** No payment reaches the service before this (PostgreSQL also refuses year 0000 outright). */
const EARLIEST = Date.UTC(2000, 0, 1);
/** Clocks drift and time zones get mislabelled, but not by more than a day. */
const LATEST_AHEAD_MS = 24 * 3_600_000;

/**
 * When a payment was made, as its rail says, if that is a plausible instant: from 2000 to a day
 * ahead of our clock. Otherwise (no time, an impossible date, year 0000, the far future) the
 * arrival time stands in, and the rail's value is logged (and kept in suspense's raw body).
 */
export function plausibleReceivedAt(reported: Date | undefined, raw: unknown, context: Record<string, unknown>, now = new Date()): Date {
  const at = reported?.getTime();
  if (at !== undefined && Number.isFinite(at) && at >= EARLIEST && at <= now.getTime() + LATEST_AHEAD_MS) return reported!;
  if (raw !== undefined && raw !== null && raw !== '') {
    const text = typeof raw === 'string' || typeof raw === 'number' ? storableText(String(raw)).slice(0, 100) : typeof raw;
    logger().warn({ ...context, reportedTime: text }, 'payment time from the rail is not plausible; using the arrival time');
  }
  return now;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The instant an ISO 8601 date-time names, or undefined when its calendar date does not exist
 * (30 February: JavaScript's Date would roll it over into March).
 */
export function fromIsoTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return undefined;
  if (day > DAYS_IN_MONTH[month - 1]! || (month === 2 && day === 29 && !leap(year))) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
