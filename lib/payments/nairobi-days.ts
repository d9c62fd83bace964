/** Kenya keeps East Africa Time all year (UTC+3, no daylight saving), so a day is plain arithmetic. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

const floorMidnight = (ms: number) => Math.floor((ms + NAIROBI_OFFSET_MS) / DAY_MS) * DAY_MS - NAIROBI_OFFSET_MS;
const ceilMidnight = (ms: number) => Math.ceil((ms + NAIROBI_OFFSET_MS) / DAY_MS) * DAY_MS - NAIROBI_OFFSET_MS;
/** The Nairobi calendar date (YYYY-MM-DD) a moment falls on: the day of the daily totals. */
export const nairobiDay = (at: Date) => new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);

/** A stretch of time, [from, to); a missing end is open. */
export interface Span {
  from?: Date;
  to?: Date;
}

/** [from, to) cut into whole Nairobi days ([fromDay, toDay) as dates) and the partial days around them. */
export interface DaySplit {
  fromDay?: string;
  toDay?: string;
  edges: Span[];
}

/**
 * Cuts [from, to) at Nairobi midnights so that whole days can be read from daily totals and only
 * the partial first and last days from the payments themselves. Undefined when the range holds no
 * whole day (it is then at most two partial days: cheap to read directly).
 */
export function splitIntoNairobiDays(from: string | undefined, to: string | undefined): DaySplit | undefined {
  const fromMs = from === undefined ? undefined : Date.parse(from);
  const toMs = to === undefined ? undefined : Date.parse(to);
  const firstMidnight = fromMs === undefined ? undefined : ceilMidnight(fromMs);
  const lastMidnight = toMs === undefined ? undefined : floorMidnight(toMs);
  if (firstMidnight !== undefined && lastMidnight !== undefined && firstMidnight >= lastMidnight) return undefined;

  const edges: Span[] = [];
  if (fromMs !== undefined && fromMs < firstMidnight!) edges.push({ from: new Date(fromMs), to: new Date(firstMidnight!) });
  if (toMs !== undefined && lastMidnight! < toMs) edges.push({ from: new Date(lastMidnight!), to: new Date(toMs) });
  return {
    fromDay: firstMidnight === undefined ? undefined : nairobiDay(new Date(firstMidnight)),
    toDay: lastMidnight === undefined ? undefined : nairobiDay(new Date(lastMidnight)),
    edges,
  };
}
