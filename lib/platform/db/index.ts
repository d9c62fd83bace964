import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_TIMEOUTS, GuardedPool, timeoutOptions, withStatementTimeout, type DatabaseTimeouts } from './timeouts';
/** Queries are built from each domain's tables; the database handle itself needs none of them. */
export type Database = NodePgDatabase;
/** A transaction handle has the same query surface as the database itself. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

interface DatabaseState {
  url?: string;
  /** Set when `url` goes through a transaction-mode pooler: the database itself, for what needs a session. */
  directUrl?: string;
  pool?: pg.Pool;
  db?: Database;
  poolSize: number;
  timeouts: DatabaseTimeouts;
}

// Next bundles load this module a second time; the pool must be one per process.
const globalState = globalThis as unknown as { __collectDatabase?: DatabaseState };
const state: DatabaseState = (globalState.__collectDatabase ??= { poolSize: 10, timeouts: DEFAULT_TIMEOUTS });

// NUMERIC (1700) and BIGINT (20) stay strings: money is never a float.
pg.types.setTypeParser(1700, (value) => value);

/**
 * Timeouts not given keep their defaults (lib/platform/db/timeouts.ts); openDatabase passes the configured ones.
 * `directUrl`: `url` goes through a transaction-mode pooler (DATABASE_POOLER) and this is the database
 * itself (DATABASE_DIRECT_URL), for the pools that hold sessions (separatePool).
 */
export function useDatabaseUrl(url: string, poolSize = 10, timeouts: Partial<DatabaseTimeouts> = {}, options: { directUrl?: string } = {}): void {
  state.url = url;
  state.directUrl = options.directUrl;
  state.poolSize = poolSize;
  state.timeouts = { ...DEFAULT_TIMEOUTS, ...timeouts };
}

/** The timeouts every pool of this process is opened with. */
export const databaseTimeouts = (): DatabaseTimeouts => state.timeouts ?? DEFAULT_TIMEOUTS;

/**
 * An idle connection closes after 10 s (node-postgres's default): a backend of PostgreSQL's own
 * holds about 4 MiB of the machine (20 MiB resident, most of it shared), and after a burst a pool
 * of twenty would hold them all idle for longer than the burst lasted (docs/benchmarks.md, "Memory
 * and start"). The pool opens connections again as the load comes back.
 */
const IDLE_TIMEOUT_MS = 10_000;

/** Whether the app's pool goes through a transaction-mode pooler (DATABASE_POOLER=pgbouncer). */
export const throughPooler = (): boolean => state.directUrl !== undefined;

/**
 * application_name tells the pools apart in pg_stat_activity (`collect`, `collect-jobs`). Every pool
 * has the connection and statement timeouts: none of them may wait on a hung server for ever.
 * A `session` pool connects to the database directly even when the app's pool goes through the pooler.
 */
function newPool(max: number, applicationName: string, statementMs?: number, session = false): pg.Pool {
  if (!state.url) throw new Error('The database is not open yet: call openDatabase() first.');
  const timeouts = databaseTimeouts();
  const pooled = throughPooler() && !session;
  const created = new GuardedPool({
    connectionString: session ? (state.directUrl ?? state.url) : state.url,
    max,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    application_name: applicationName,
    ...timeoutOptions(statementMs === undefined ? timeouts : { ...timeouts, queryMs: statementMs }, { throughTransactionPooler: pooled }),
  });
  // Without a listener, a server shutdown (57P01) on an idle client crashes the process.
  created.on('error', () => undefined);
  // The same for each client while it is checked out (graphile-worker holds some for long).
  created.on('connect', (client) => client.on('error', () => undefined));
  return created;
}

export function pool(): pg.Pool {
  state.pool ??= newPool(state.poolSize, 'collect');
  return state.pool;
}

/**
 * A pool of its own, on the same database, that its user ends: graphile-worker's (see
 * lib/platform/jobs/worker.ts), the migrations' (with the long statement timeout). Connections open
 * only when used: `max` is a bound, not a cost. Both hold sessions (graphile-worker's LISTEN, the
 * migrations' advisory lock), so with a pooler they connect directly (DATABASE_DIRECT_URL).
 */
export const separatePool = (max: number, applicationName: string, options: { statementMs?: number } = {}): pg.Pool =>
  newPool(max, applicationName, options.statementMs, true);

/** The pool's connections now (for /metrics), without opening one; null before the database is open. */
export function poolStatus(): { total: number; idle: number; waiting: number; max: number } | null {
  const current = state.pool;
  return current ? { total: current.totalCount, idle: current.idleCount, waiting: current.waitingCount, max: state.poolSize } : null;
}

export function db(): Database {
  state.db ??= drizzle(pool());
  return state.db;
}

export async function closePool(): Promise<void> {
  const current = state.pool;
  state.pool = undefined;
  state.db = undefined;
  await current?.end();
}

export { withStatementTimeout };

/**
 * Runs an operation long by nature (the ledger check over the whole database, a statement import)
 * with the long statement timeout (DATABASE_LONG_QUERY_TIMEOUT_MS) for each of its queries.
 */
export const withLongStatements = <T>(work: () => Promise<T>): Promise<T> => withStatementTimeout(databaseTimeouts().longQueryMs, work);
