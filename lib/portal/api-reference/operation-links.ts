import type { ApiReference } from './reference';

/** Where each operation is described, by the ways description text names it. */
export interface OperationIndex {
  /** `METHOD /path` (parameters' names dropped: `{id}` and `{endpointId}` are one route) → href. */
  routes: ReadonlyMap<string, string>;
  /** An operation's summary, lower case → href (named in text as "see Create a bill"). */
  names: ReadonlyMap<string, string>;
}

/** A piece of description text: as it was, or a name of an operation that links to it. */
export type LinkedPiece = string | { text: string; href: string };

const METHODS = 'GET|POST|PUT|PATCH|DELETE';
// A path runs to the last letter, digit, `}` or `_` before a space, a quote or punctuation: "POST /auth/token." names /auth/token.
const ROUTE = new RegExp(`\\b(${METHODS}) (/[A-Za-z0-9_\\-{}/.]*[A-Za-z0-9_}\\-])`, 'g');

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}').replace(/\/$/, '')}`;
/** The path as descriptions write it, without the base (`/api/v1`) every path shares. */
const withoutBase = (path: string, baseUrl: string) => (baseUrl && path.startsWith(`${baseUrl}/`) ? path.slice(baseUrl.length) : path.replace(/^\/api\/v\d+(?=\/)/, ''));

const indexes = new WeakMap<ApiReference, OperationIndex>();

export function operationIndex(reference: ApiReference): OperationIndex {
  const known = indexes.get(reference);
  if (known) return known;
  const routes = new Map<string, string>();
  const names = new Map<string, string>();
  for (const operation of reference.tags.flatMap((tag) => tag.operations)) {
    routes.set(routeKey(operation.method, operation.path), operation.href);
    routes.set(routeKey(operation.method, withoutBase(operation.path, reference.baseUrl)), operation.href);
    if (operation.summary) names.set(operation.summary.toLowerCase(), operation.href);
  }
  const index = { routes, names };
  indexes.set(reference, index);
  return index;
}

/**
 * Description text with every operation it names made a link to that operation's entry: a route
 * (`POST /merchants/me/bills`, with or without the base path, whatever its parameters are called)
 * and an operation's summary after "see" ("see Create a bill"). What names no known operation, and
 * everything else, stays text.
 */
export function linkOperations(text: string, index: OperationIndex): LinkedPiece[] {
  const found: { start: number; end: number; href: string }[] = [];
  for (const match of text.matchAll(ROUTE)) {
    const href = index.routes.get(routeKey(match[1]!, match[2]!));
    if (href) found.push({ start: match.index, end: match.index + match[0].length, href });
  }
  const lower = text.toLowerCase();
  // Longest names first, so that "List bills of a customer" wins over "List bills".
  for (const [name, href] of [...index.names].sort(([a], [b]) => b.length - a.length)) {
    for (let at = lower.indexOf(`see ${name}`); at >= 0; at = lower.indexOf(`see ${name}`, at + 1)) {
      const start = at + 4;
      const end = start + name.length;
      const wholeWord = !/[a-z0-9]/i.test(text.charAt(end));
      if (wholeWord && !found.some((other) => start < other.end && other.start < end)) found.push({ start, end, href });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const pieces: LinkedPiece[] = [];
  let at = 0;
  for (const { start, end, href } of found) {
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push({ text: text.slice(start, end), href });
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}
