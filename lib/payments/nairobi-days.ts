/** Kenya keeps East Africa Time all year (UTC+3, no daylight saving), so a day is plain arithmetic. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const YEAR_10000 = Date.UTC(10000, 0, 1);

const floorMidnight = (ms: number) => Math.floor((ms + NAIROBI_OFFSET_MS) / DAY_MS) * DAY_MS - NAIROBI_OFFSET_MS;
const ceilMidnight = (ms: number) => Math.ceil((ms + NAIROBI_OFFSET_MS) / DAY_MS) * DAY_MS - NAIROBI_OFFSET_MS;
// A whole-hour offset: Nairobi's hours start when UTC's do.
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/**
 * The Nairobi calendar date (YYYY-MM-DD) a moment falls on: the day of the daily totals. Past the
 * end of year 9999 UTC's evening Nairobi is in year 10000, which toISOString writes `+010000-…`:
 * written as PostgreSQL reads it instead (a summary `to=9999-12-31T23:59:59Z` lands there).
 */
export const nairobiDay = (at: Date) => {
  const iso = new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString();
  return iso.length === 24 ? iso.slice(0, 10) : iso.slice(0, -14).replace(/^\+0*/, '');
};
/** The start of the hour a moment falls in (ISO 8601): the hour of the hourly totals. */
export const hourStart = (at: Date) => new Date(floorHour(at.getTime())).toISOString();

/** A stretch of time, [from, to); a missing end is open. */
export interface Span {
  from?: Date;
  to?: Date;
}

/**
 * A range cut for reading from totals: whole Nairobi days ([fromDay, toDay) as dates, when the
 * range holds any), runs of whole hours in the partial days around them, and what is left (less
 * than an hour at each end), to be read from the payments themselves.
 */
export interface TotalsSplit {
  days?: { fromDay?: string; toDay?: string };
  hours: Span[];
  edges: Span[];
}

/**
 * Cuts [from, to) so that a summary reads at most a few rows a day: whole days from the daily
 * totals, whole hours from the hourly totals, and under two hours of payments. With `hours: false`
 * (no hourly totals for the filter) the partial days are left whole, as edges.
 */
export function splitForTotals(from: string | undefined, to: string | undefined, options: { hours: boolean }): TotalsSplit {
  const fromMs = from === undefined ? undefined : Date.parse(from);
  const toMs = to === undefined ? undefined : Date.parse(to);
  const firstMidnight = fromMs === undefined ? undefined : ceilMidnight(fromMs);
  const lastMidnight = toMs === undefined ? undefined : floorMidnight(toMs);
  const split: TotalsSplit = { hours: [], edges: [] };
  // From the last hours of year 9999 on, the next Nairobi midnight is in year 10000, which a Date
  // prints as `+010000-…` and PostgreSQL cannot read: no whole day or hour lies ahead anyway.
  if (toMs === undefined && firstMidnight !== undefined && firstMidnight >= YEAR_10000) {
    split.edges.push({ from: new Date(fromMs!) });
    return split;
  }

  const partial = (start: number, end: number) => {
    if (start >= end) return;
    const firstHour = ceilHour(start);
    const lastHour = floorHour(end);
    if (!options.hours || firstHour >= lastHour) return void split.edges.push({ from: new Date(start), to: new Date(end) });
    if (start < firstHour) split.edges.push({ from: new Date(start), to: new Date(firstHour) });
    split.hours.push({ from: new Date(firstHour), to: new Date(lastHour) });
    if (lastHour < end) split.edges.push({ from: new Date(lastHour), to: new Date(end) });
  };

  if (firstMidnight !== undefined && lastMidnight !== undefined && firstMidnight >= lastMidnight) {
    partial(fromMs!, toMs!); // no whole day in the range: both ends are defined here
    return split;
  }
  split.days = {
    fromDay: firstMidnight === undefined ? undefined : nairobiDay(new Date(firstMidnight)),
    toDay: lastMidnight === undefined ? undefined : nairobiDay(new Date(lastMidnight)),
  };
  if (fromMs !== undefined) partial(fromMs, firstMidnight!);
  if (toMs !== undefined) partial(lastMidnight!, toMs);
  return split;
}
