import { z } from '@hono/zod-openapi';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { unprocessable } from './errors';
import { withinInstantRange } from './schemas';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
const CURSOR_MESSAGE = 'Not a valid cursor; use the one from the Link header.';

/** Query parameters every list takes; spread into a route's query schema. */
export const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .openapi({ description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).` }),
  cursor: z
    .string()
    .max(200)
    // Checked here too, so that a bad cursor is refused with the other fields, before any query.
    .refine((cursor) => parseCursor(cursor) !== undefined, CURSOR_MESSAGE)
    .optional()
    .openapi({ description: 'Opaque cursor from the previous page\'s `Link: <…>; rel="next"` header.' }),
};

interface Position {
  createdAt: string;
  id: string;
}

export const encodeCursor = (position: Position) =>
  Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');

/** The cursor's instant exactly as encodeCursor writes it (Date.toISOString, UTC, milliseconds). */
const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A real instant in the API's range, printed as encodeCursor prints it: 2026-02-30 or 24:00 would
 * print back as another day, and year 0000 is out of range, so neither reaches PostgreSQL.
 */
function isCursorInstant(value: unknown): value is string {
  if (typeof value !== 'string' || !CURSOR_INSTANT.test(value)) return false;
  const ms = Date.parse(value);
  return withinInstantRange(ms) && new Date(ms).toISOString() === value;
}

/** The position a cursor names, or undefined when it is not one encodeCursor could have written. */
function parseCursor(cursor: string): Position | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
    const [createdAt, id] = decoded as unknown[];
    if (isCursorInstant(createdAt) && typeof id === 'string' && z.uuid().safeParse(id).success) return { createdAt, id };
  } catch {
    // not base64url JSON
  }
  return undefined;
}

export function decodeCursor(cursor: string): Position {
  const position = parseCursor(cursor);
  if (position) return position;
  throw unprocessable('The cursor is not valid; use the one from the Link header.', [{ path: 'query.cursor', message: CURSOR_MESSAGE }]);
}

/**
 * Keyset paging in (createdAt desc, id desc) order: rows after the cursor's position.
 * Never OFFSET, so any page costs one index range scan.
 */
export function afterCursor(cursor: string | undefined, createdAt: AnyColumn, id: AnyColumn): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  // A row comparison is one index range condition; the equivalent OR is only a filter. The plain
  // bound on created_at says the same again for the planner's partition pruning, which does not read
  // row comparisons: months after the cursor are not scanned (partitioned tables, migration 0034).
  return sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid) and ${createdAt} <= ${position.createdAt}::timestamptz`;
}

/** NULLS LAST as in the indexes (drizzle's .desc()); plain DESC means NULLS FIRST and cannot use them. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn) => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/**
 * Fetch limit + 1 rows; this trims the extra one and, when there was one, sets the
 * `Link: <…>; rel="next"` header so that the body stays the spec's plain array.
 */
export function pageOf<Row extends { createdAt: Date; id: string }>(c: Context, rows: Row[], limit: number): Row[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1)!;
  const next = new URL(c.req.url);
  next.searchParams.set('cursor', encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }));
  next.searchParams.set('limit', String(limit));
  c.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
  return page;
}
