import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { metrics } from '@/lib/platform/metrics';

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

/** Counts and times every /api/v1 request by method, route pattern and status, for /metrics. */
export const httpMetrics: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const labels = { method: c.req.method, route: routeOf(c), status: String(c.res.status) };
    const { httpRequests, httpDuration } = metrics();
    httpRequests.inc(labels);
    httpDuration.observe(labels, (performance.now() - started) / 1000);
  }
};
