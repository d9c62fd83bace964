import type { Locale } from '@/lib/i18n/locales';

const TIME_ZONE = 'Africa/Nairobi';

/**
 * A date and time for a payer, in Nairobi time, on the 24-hour clock in both languages: Swahili's
 * own "saa" counts hours from dawn (saa 1 is 7 a.m.), so "saa 12:30" could be read six hours off.
 * The time zone is said beside it by the caller.
 */
export function formatPayerDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat(locale === 'sw' ? 'sw' : 'en-GB', { timeZone: TIME_ZONE, dateStyle: 'long' }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${day}, ${time}`;
}
