import { firstParam, type SearchParams } from '@/lib/portal/pagination';

/** The period typed into the statement's form (or linked to), passed on to the service as it is: it checks the days. */
export function statementPeriod(query: SearchParams): { from?: string; to?: string } {
  return { from: firstParam(query.from), to: firstParam(query.to) };
}
