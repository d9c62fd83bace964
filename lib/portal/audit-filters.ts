import { firstParam, type SearchParams } from './pagination';

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  /** Days (YYYY-MM-DD) in the portal's time zone, Nairobi (UTC+3, no daylight saving). */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function auditFiltersOf(query: SearchParams): AuditFilters {
  const day = (value: string | undefined) => (value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00+03:00`)) ? value : undefined);
  return {
    actor: firstParam(query.actor)?.slice(0, 254),
    action: firstParam(query.action)?.slice(0, 100),
    target: firstParam(query.target)?.slice(0, 100),
    from: day(firstParam(query.from)),
    to: day(firstParam(query.to)),
  };
}

/** The service's query: `to` is inclusive of its whole day. */
export function auditQueryOf(filters: AuditFilters) {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00+03:00`) + 86_400_000).toISOString();
  return {
    actor: filters.actor,
    action: filters.action,
    target: filters.target,
    from: filters.from ? new Date(`${filters.from}T00:00:00+03:00`).toISOString() : undefined,
    to: filters.to ? nextDay(filters.to) : undefined,
  };
}
