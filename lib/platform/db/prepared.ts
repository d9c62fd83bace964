import { createHash, randomUUID } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Queryable } from './index';

const dialect = new PgDialect();
const names = new Map<string, string>();

/** The pg pool (the database) or the checked-out client (a transaction) behind a drizzle handle. */
const clientOf = (queryable: Queryable) => (queryable as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call, and only the parameters travel. For hot statements
 * whose text is the same on every call (measured: a payment's write statement cost more to
 * plan than to run). The name is a digest of the text, so two statements never share one.
 */
export async function executePrepared<Row extends Record<string, unknown>>(queryable: Queryable, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) names.set(text, (name = statementName(text)));
  const result = await clientOf(queryable).query<Row>({ name, text, values: params as unknown[] });
  return result.rows;
}

const statementName = (text: string) => `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/**
 * executePrepared for a statement with one varying parameter, its input (say, a batch as JSON),
 * and constants for the rest: drizzle renders it once, with a stand-in for the input, instead of
 * walking a long statement's chunks and looking its text up again on every call.
 */
export function preparedWithInput<Row extends Record<string, unknown>>(build: (input: string) => SQL) {
  let rendered: { name: string; text: string; params: unknown[]; at: number } | undefined;
  // On first use, not at import: building may read what is only set up later.
  const render = () => {
    const standIn = `input-${randomUUID()}`;
    const { sql: text, params } = dialect.sqlToQuery(build(standIn));
    const at = params.indexOf(standIn);
    if (at === -1 || params.lastIndexOf(standIn) !== at) throw new Error('preparedWithInput: the statement must use its input exactly once');
    return { name: statementName(text), text, params, at };
  };
  return async (queryable: Queryable, input: string): Promise<Row[]> => {
    const { name, text, params, at } = (rendered ??= render());
    const values = [...params];
    values[at] = input;
    return (await clientOf(queryable).query<Row>({ name, text, values })).rows;
  };
}

/**
 * A fragment without parameters (a select list, a join) rendered to text once: drizzle otherwise
 * walks every chunk of it again on each call.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('renderedOnce takes a fragment without parameters');
  return sql.raw(text);
}

/** A select list naming each column as its row type names it, so raw rows come back in that shape. */
export const namedColumns = (columns: Record<string, AnyColumn>): SQL[] =>
  Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`);
