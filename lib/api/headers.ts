import type { Context } from 'hono';
import { methodNotAllowed } from './errors';
import { nodeResponseOf, requestHeader } from './node-request';

const REQUEST_ID_HEADER = 'x-request-id';
/** Hono's requestId middleware's rule: a caller's id is kept if short and plain, else one is made. */
const REQUEST_ID_LIMIT = 255;
const UNSAFE_IN_REQUEST_ID = /[^\w\-=]/;

/** The request's id: the caller's X-Request-Id when it is short and plain, else a new UUID. */
export function requestIdOf(c: Context): string {
  const given = requestHeader(c, REQUEST_ID_HEADER);
  return given && given.length <= REQUEST_ID_LIMIT && !UNSAFE_IN_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * Headers on every /api/v1 answer, errors included, and the request's id.
 * `no-store` on all of them (as Stripe does): tokens, webhook secrets and merchants' data must
 * never sit in a browser's or a proxy's cache, and one rule for every route cannot be forgotten by
 * the next route; a route that says otherwise sets its own Cache-Control. `nosniff`: a browser
 * never reads a JSON answer as something else.
 *
 * Served by Node, they are set on Node's response before the chain runs (`presetApiHeaders`):
 * Hono then builds the answer's headers as a plain object and @hono/node-server writes it without
 * undici's `Headers` (issue 24: building and reading those was ~8 µs of every request), and Node
 * lets the answer's own Cache-Control replace the preset one. Called through `app.fetch` alone,
 * they are set on the answer once it is made (`setApiHeaders`).
 */
export function presetApiHeaders(c: Context, requestId: string): boolean {
  const outgoing = nodeResponseOf(c);
  if (!outgoing) return false;
  outgoing.setHeader(REQUEST_ID_HEADER, requestId);
  outgoing.setHeader('x-content-type-options', 'nosniff');
  outgoing.setHeader('cache-control', 'no-store');
  return true;
}

/** The same headers on an answer already made, where there is no Node response to preset them on. */
export function setApiHeaders(c: Context, requestId: string): void {
  setAnswerHeader(c, REQUEST_ID_HEADER, requestId);
  setAnswerHeader(c, 'x-content-type-options', 'nosniff');
  if (!c.res.headers.has('cache-control')) setAnswerHeader(c, 'cache-control', 'no-store');
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
export function refuseTrace(c: Context): void {
  if (c.req.method === 'TRACE' || c.req.method === 'TRACK') throw methodNotAllowed();
}
