import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './context';
import { methodNotAllowed } from './errors';

/**
 * Headers on every /api/v1 answer, errors included. `no-store` on all of them (as Stripe does):
 * tokens, webhook secrets and merchants' data must never sit in a browser's or a proxy's cache,
 * and one rule for every route cannot be forgotten by the next route. `nosniff`: a browser never
 * reads a JSON answer as something else.
 */
export const apiHeaders: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};

/** TRACE and TRACK echo a request back (cookies and tokens included, the old cross-site tracing hole): 405. */
export const refuseTrace: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.method === 'TRACE' || c.req.method === 'TRACK') throw methodNotAllowed();
  return next();
};
