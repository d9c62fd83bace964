import type { Context } from 'hono';
import { logger } from '@/lib/platform/logger';
import type { ApiEnv } from './context';

/**
 * One structured line per request, once it is answered (`started`: its performance.now() on
 * arrival); never the query string, headers or body, where secrets travel.
 */
export function logRequest(c: Context<ApiEnv>, started: number): void {
  const log = logger();
  if (!log.isLevelEnabled('info')) return;
  log.info({
    requestId: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    userId: c.get('principal')?.userId,
  });
}
