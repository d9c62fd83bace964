/** Kenya keeps East Africa Time (UTC+3) all year; the portal shows every time in it, as merchants read it. */
export const PORTAL_TIME_ZONE = 'Africa/Nairobi';

const dateTime = new Intl.DateTimeFormat('en-GB', { timeZone: PORTAL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { timeZone: PORTAL_TIME_ZONE, dateStyle: 'medium' });

export function formatDateTime(iso: string, style: 'date-time' | 'date' = 'date-time'): string {
  return (style === 'date' ? dateOnly : dateTime).format(new Date(iso));
}

/** A machine-readable time shown in Nairobi time, e.g. "3 Mar 2026, 14:05". */
export function DateTime({ value, style = 'date-time' }: { value: string; style?: 'date-time' | 'date' }) {
  return <time dateTime={value}>{formatDateTime(value, style)}</time>;
}
