import 'server-only';
import type { RouteConfig } from '@hono/zod-openapi';
import { redirect } from 'next/navigation';
import type { RouteInput, RouteOutput, ServiceClient } from '@/lib/client';
import { isServiceError } from './errors';

/** Rows per portal page: short enough to scan on a phone. */
export const PAGE_SIZE = 25;

type SearchValue = string | string[] | undefined;
export type SearchParams = Record<string, SearchValue>;

/** A query parameter as one trimmed string; absent, empty or repeated-and-empty reads as undefined. */
export function firstParam(value: SearchValue): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/** The service's cursors are base64url; anything else in the address bar is ignored rather than sent. */
export function cursorParam(value: SearchValue): string | undefined {
  const text = firstParam(value);
  return text && /^[A-Za-z0-9_-]{1,200}$/.test(text) ? text : undefined;
}

/** The `cursor` of the `Link: <…>; rel="next"` header, or undefined on the last page. */
export function nextCursor(headers: Headers): string | undefined {
  for (const part of (headers.get('link') ?? '').split(',')) {
    const match = part.match(/<([^>]*)>\s*;\s*rel="?next"?/i);
    if (match) return new URL(match[1]!, 'http://service.invalid').searchParams.get('cursor') ?? undefined;
  }
  return undefined;
}

/** A portal address with its query; empty values are left out so that links stay short. */
export function hrefWith(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export interface Page<Item> {
  items: Item[];
  /** The next page's address, or undefined on the last page. */
  nextHref?: string;
  /** The first page's address, when this is a later page. */
  firstHref?: string;
}

/**
 * One keyset page of a list route, with the portal addresses of the next and first pages
 * (the current filters kept). A cursor the service no longer accepts (a stale or edited link)
 * sends the user back to the first page instead of an error.
 */
export async function fetchPage<R extends RouteConfig>(
  client: ServiceClient,
  route: R,
  input: RouteInput<R>,
  at: { path: string; filters: Record<string, string | undefined>; cursor?: string },
): Promise<Page<RouteOutput<R> extends (infer Item)[] ? Item : never>> {
  const query = { ...(input.query as object), limit: PAGE_SIZE, cursor: at.cursor };
  const firstHref = hrefWith(at.path, at.filters);
  let result;
  try {
    result = await client.request(route, { ...input, query } as RouteInput<R>);
  } catch (error) {
    if (at.cursor && isServiceError(error) && error.status === 422) redirect(firstHref);
    throw error;
  }
  const cursor = nextCursor(result.headers);
  return {
    items: result.data as never,
    nextHref: cursor ? hrefWith(at.path, { ...at.filters, cursor }) : undefined,
    firstHref: at.cursor ? firstHref : undefined,
  };
}
