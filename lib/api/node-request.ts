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
 * A request header, read from Node's parsed headers where there are some: `c.req.header()` makes
 * @hono/node-server build undici's `Headers` from them first, a few µs on every request (issue 24).
 * Repeated headers are joined with ", " as `Headers` joins them, so both paths read the same text.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const distinct = bindingsOf(c).incoming?.headersDistinct;
  if (distinct === undefined) return c.req.header(name);
  return distinct[name]?.join(', ');
}

/**
 * Node's response, to set headers on before the answer is written, or undefined. Node merges
 * them with the answer's own headers when it writes the head, the answer's winning on a clash.
 */
export const nodeResponseOf = (c: Context): Pick<ServerResponse, 'setHeader'> | undefined => {
  const outgoing = bindingsOf(c).outgoing;
  return typeof outgoing?.setHeader === 'function' ? (outgoing as ServerResponse) : undefined;
};
