/**
 * Calendar days as merchants count them: in Nairobi, which keeps UTC+3 all year (no daylight
 * saving), so a day starts at 21:00 UTC the evening before.
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-03-10" when it is a real calendar date (a 30 February does not roll over). */
export function isNairobiDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The instant a Nairobi day starts, as ISO UTC: "2026-03-10" → "2026-03-09T21:00:00.000Z". */
export function nairobiMidnight(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - NAIROBI_OFFSET_MS).toISOString();
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in Nairobi. */
export function nairobiToday(now = new Date()): string {
  return new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `count` Nairobi days, oldest first, today included. */
export function lastNairobiDays(count: number, now = new Date()): string[] {
  const today = nairobiToday(now);
  return Array.from({ length: count }, (_, index) => addDays(today, index - count + 1));
}
