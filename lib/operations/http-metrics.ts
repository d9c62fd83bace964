import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { RequestSeries } from '@/lib/platform/metrics';

/**
 * The route an answer came from, as registered (/api/v1/merchants/{merchantId}/payments/:id style),
 * never the raw path: ids in a label would make one series per payment. Middleware is registered
 * for every method; the handler that answered is the last route matched for a method of its own.
 */
function routeOf(c: Parameters<MiddlewareHandler>[0]): string {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const route = routes[index]!;
    if (route.method !== 'ALL') return route.path;
  }
  return 'unmatched';
}

/**
 * Counts and times every /api/v1 request by method, route pattern and status, for /metrics: one
 * answered request into the counter and the histogram; `started` is its performance.now() on
 * arrival. The label set of each method, route and status is made once and reused: prom-client
 * keys its series by the labels' values, so only their contents matter, not which object holds them.
 */
export function countRequest(c: Parameters<MiddlewareHandler>[0], started: number): void {
  const route = routeOf(c);
  const status = c.res.status;
  const key = `${c.req.method} ${status} ${route}`;
  let series = labelSets.get(key);
  if (!series) {
    series = new RequestSeries({ method: c.req.method, route, status: String(status) });
    if (labelSets.size < MAX_LABEL_SETS) labelSets.set(key, series);
  }
  // Into prom-client's records of the series without hashing its labels again (lib/platform/metrics.ts).
  series.record((performance.now() - started) / 1000);
}

/** Routes × methods × statuses is bounded, but an unmatched method is the caller's choice: a ceiling. */
const MAX_LABEL_SETS = 2_000;
const labelSets = new Map<string, RequestSeries>();
