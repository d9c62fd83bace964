/**
 * Daraja writes times as YYYYMMDDHHmmss in Nairobi local time (EAT, UTC+3 all year, no daylight
 * saving), in TransTime, Timestamp and TransactionDate alike.
 */
const EAT_OFFSET_MS = 3 * 3_600_000;

export function toDarajaTime(at: Date): string {
  return new Date(at.getTime() + EAT_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The instant a Daraja time names, or undefined when the text is not one. */
export function fromDarajaTime(text: string | number | undefined | null): Date | undefined {
  const match = String(text ?? '').match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const at = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - EAT_OFFSET_MS);
  // Date.UTC rolls 31 February over into March (and years below 100 into the 1900s): such a text
  // is not a time, which shows as a field that did not come back as it was written.
  const local = new Date(at.getTime() + EAT_OFFSET_MS);
  const same =
    local.getUTCFullYear() === year && local.getUTCMonth() === month! - 1 && local.getUTCDate() === day &&
    local.getUTCHours() === hour && local.getUTCMinutes() === minute && local.getUTCSeconds() === second;
  return same ? at : undefined;
}
