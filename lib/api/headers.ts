import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from './context';
import { methodNotAllowed } from './errors';

/**
 * Headers on every /api/v1 answer, errors included (lib/service/app.ts sets them once it is made).
 * `no-store` on all of them (as Stripe does): tokens, webhook secrets and merchants' data must
 * never sit in a browser's or a proxy's cache, and one rule for every route cannot be forgotten by
 * the next route. `nosniff`: a browser never reads a JSON answer as something else.
 */
export function setApiHeaders(c: Context): void {
  setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
  if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
}

/**
 * Sets a header on the answer a handler has already made. Hono's `c.header()` at this point reads
 * `bodyUsed` and rebuilds the answer around its body stream, so @hono/node-server's lightweight
 * response (a string body sent with one `end`) became a real Response read chunk by chunk: a third
 * of `/auth/me`'s CPU (issue 24). A response's headers can be changed in place unless it came from
 * `fetch()` (guard "immutable"); only then is Hono left to rebuild it.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** TRACE and TRACK echo a request back (cookies and tokens included, the old cross-site tracing hole): 405. */
export const refuseTrace: MiddlewareHandler<ApiEnv> = (c, next) => {
  if (c.req.method === 'TRACE' || c.req.method === 'TRACK') throw methodNotAllowed();
  return next();
};
