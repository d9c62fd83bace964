import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Node's own request and response, which @hono/node-server hands every request as its `env`.
 * Absent when the app is called through `app.fetch` alone (the portal's in-process client).
 */
interface NodeBindings {
  incoming?: Partial<IncomingMessage>;
  outgoing?: Partial<ServerResponse>;
}

const bindingsOf = (c: Context): NodeBindings => (c.env ?? {}) as NodeBindings;

/**
 * A request header, read from Node's raw header list where there is one: `c.req.header()` makes
 * @hono/node-server build undici's `Headers` from them first, and Node's `headersDistinct` builds
 * an object of arrays for every header; both a few µs on every request (issue 24). Repeated headers
 * are joined with ", " as `Headers` joins them, so both paths read the same text (a doubled
 * Authorization header stays one unreadable value, as it was). `name` is lower case.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const raw = bindingsOf(c).incoming?.rawHeaders;
  if (raw === undefined) return c.req.header(name);
  let value: string | undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const rawName = raw[index]!;
    if (rawName.length === name.length && rawName.toLowerCase() === name) value = value === undefined ? raw[index + 1]! : `${value}, ${raw[index + 1]!}`;
  }
  return value;
}

/**
 * Node's response, to set headers on before the answer is written, or undefined. Node merges
 * them with the answer's own headers when it writes the head, the answer's winning on a clash.
 */
export const nodeResponseOf = (c: Context): Pick<ServerResponse, 'setHeader'> | undefined => {
  const outgoing = bindingsOf(c).outgoing;
  return typeof outgoing?.setHeader === 'function' ? (outgoing as ServerResponse) : undefined;
};
