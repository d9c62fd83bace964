import type { SettlementFilterValues } from '@/components/settlements/settlement-filters';
import { statusText } from '@/components/settlements/words';
import { firstParam, type SearchParams } from '@/lib/portal/pagination';

/** A real calendar day, "2026-11-27": 30 February or month 13 is not one (and must never reach toISOString). */
function isDay(text: string | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The instant a Nairobi day starts (Kenya keeps UTC+3 all year). */
const nairobiStart = (day: string) => `${day}T00:00:00+03:00`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The list's filters from the address: what the form shows again, and the service's query. Dates
 * are Nairobi days, "to" included; a value that cannot be one is dropped rather than sent.
 */
export function readSettlementFilters(query: SearchParams) {
  const status = firstParam(query.status);
  const currency = firstParam(query.currency)?.toUpperCase();
  const from = firstParam(query.from);
  const to = firstParam(query.to);
  const values: SettlementFilterValues = {
    status: status && status in statusText ? status : undefined,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
  };
  const service = {
    status: values.status as keyof typeof statusText | undefined,
    currency: values.currency,
    from: values.from ? nairobiStart(values.from) : undefined,
    to: values.to ? nairobiStart(nextDay(values.to)) : undefined,
  };
  return { values: values as Record<string, string | undefined>, service, filtered: Object.values(values).some(Boolean) };
}
