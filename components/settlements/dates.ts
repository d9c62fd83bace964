import { formatDateTime } from '@/components/ui/date-time';

/** A date the service sends as a Nairobi day ("2026-11-27") or as an instant, shown as a Nairobi date. */
export function nairobiDate(value: string): string {
  return formatDateTime(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+03:00` : value, 'date');
}
