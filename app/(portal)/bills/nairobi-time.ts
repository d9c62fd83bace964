/**
 * A `datetime-local` input has no time zone: the portal reads what merchants type as Nairobi
 * time. Kenya keeps East Africa Time, UTC+3, all year (no daylight saving), so the offset is fixed.
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A Date as a `datetime-local` value in Nairobi time, to the minute: "2026-03-10T17:00". */
export function toNairobiLocal(date: Date): string {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * "2026-03-10T17:00" typed in Nairobi as an ISO UTC timestamp ("2026-03-10T14:00:00.000Z").
 * Undefined for anything that is not a real date and time (a 30 February does not roll over).
 */
export function nairobiLocalToIso(local: string): string | undefined {
  // Browsers may add seconds ("…T17:00:00"); minutes are all a bill's expiry needs.
  const minutes = local.slice(0, 16);
  if (!LOCAL.test(minutes)) return undefined;
  const date = new Date(`${minutes}:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 16) !== minutes) return undefined;
  return new Date(date.getTime() - NAIROBI_OFFSET_MS).toISOString();
}
