import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from './context';
import { unprocessable, type FieldError } from './errors';

/** Deeper than any body the API documents; a 10,000-level body would overflow any recursive reader. */
export const MAX_JSON_DEPTH = 32;
/** Enough to show what is wrong without an answer as large as the request. */
const MAX_REPORTED = 20;

// NUL and the other C0 controls but tab, line feed and carriage return, and DEL: PostgreSQL refuses
// NUL, and none of them is ever meant in a name, a description or a search.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const UNACCEPTABLE_TEXT = 'Must not contain control characters (such as U+0000 or DEL) or unpaired surrogates.';

/** Whether the API takes this text: no control character but \t \n \r, and well-formed UTF-16 (no lone surrogate). */
export const isAcceptableText = (text: string) => !CONTROL.test(text) && text.isWellFormed();

/** A path segment as the caller can read it: an unacceptable key is shown with JSON's escapes. */
const segment = (key: string) => (isAcceptableText(key) ? key : JSON.stringify(key).slice(1, -1));
const join = (parent: string, key: string | number) => (parent === '' ? String(key) : `${parent}.${key}`);

/**
 * Every unacceptable string (value or key) in a parsed JSON body, walked with an explicit stack so
 * that no nesting can overflow ours, and refused past MAX_JSON_DEPTH.
 */
export function unacceptableTextIn(body: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: prefix, depth: 0 }];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isAcceptableText(value)) errors.push({ path: path || 'body', message: UNACCEPTABLE_TEXT });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      errors.push({ path: path || 'body', message: `Nested more than ${MAX_JSON_DEPTH} levels deep.` });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      const itemPath = join(path, typeof key === 'number' ? key : segment(key));
      if (typeof key === 'string' && !isAcceptableText(key)) errors.push({ path: itemPath, message: UNACCEPTABLE_TEXT });
      pending.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return errors;
}

function unacceptableQuery(c: Context): FieldError[] {
  const errors: FieldError[] = [];
  if (!c.req.url.includes('?')) return errors; // no query string: nothing to parse (most GETs)
  for (const [key, values] of Object.entries(c.req.queries())) {
    const path = `query.${segment(key)}`;
    if (!isAcceptableText(key) || values.some((value) => !isAcceptableText(value))) errors.push({ path, message: UNACCEPTABLE_TEXT });
  }
  return errors;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** The parsed JSON body, or undefined when there is none or it is not JSON (the route's validator answers that). */
async function jsonBodyOf(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return undefined;
  try {
    // Hono keeps the text it read, so the route's validator and the idempotency check read the same bytes again.
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * An API convention: text the API is given to store or search must be storable and meant as text.
 * Query values and JSON bodies holding NUL, another control character (but \t \n \r), DEL or a
 * lone surrogate are refused with 422 naming each field, before any route sees them. Paths under
 * `exceptUnder` are skipped: the rails must keep whatever their senders send (lib/rails).
 */
export function refuseUnacceptableText(options: { exceptUnder: string }): MiddlewareHandler<ApiEnv> {
  const refuse = (errors: FieldError[]) => unprocessable('Some fields hold characters the API does not take.', errors.slice(0, MAX_REPORTED));
  return (c, next) => {
    if (c.req.path.startsWith(options.exceptUnder)) return next();
    const inQuery = unacceptableQuery(c);
    // A read has no body to parse: checked without an await, as most requests are (issue 24).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      if (inQuery.length > 0) throw refuse(inQuery);
      return next();
    }
    return jsonBodyOf(c).then((body) => {
      const errors = [...inQuery, ...unacceptableTextIn(body)];
      if (errors.length > 0) throw refuse(errors);
      return next();
    });
  };
}
