import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import pg from 'pg';

/**
 * How long any caller waits on PostgreSQL. Without these, node-postgres waits forever: a server
 * that hangs (rather than dies) made every request wait as long as it hung. A timeout is then
 * answered as "database unavailable" (lib/platform/db/errors.ts): 503 with Retry-After, or the
 * rail's own "retry" (docs/operations.md, "Outages that hang").
 */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one of a full pool. */
  connectMs: number;
  /** One statement: PostgreSQL cancels it itself (statement_timeout); the client gives up shortly after. */
  queryMs: number;
  /** One statement of an operation that is long by nature (the ledger check, a statement import, migrations). */
  longQueryMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, queryMs: 10_000, longQueryMs: 600_000 };

/**
 * The client waits this much longer than the server's statement_timeout: a server that still answers
 * cancels the statement itself (a clean 57014; the connection stays usable), and only a server that
 * cannot answer meets the client's own timeout (the connection is then dropped, see GuardedClient).
 */
const CLIENT_GRACE_MS = 100;

const longStatements = new AsyncLocalStorage<number>();

/**
 * Runs `work` with a longer statement timeout for every query it makes (on any pool, in or out of a
 * transaction): for operations that are long by nature and run rarely, never for a request's path.
 */
export function withStatementTimeout<T>(ms: number, work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a drizzle query is a thenable that runs only when awaited, and must run in here.
  return longStatements.run(ms, async () => await work());
}

type Callback = (error: Error | null, result?: unknown) => void;

const READ_TIMEOUT = 'Query read timeout'; // node-postgres's own message for query_timeout

/** node-postgres's query, called with the one signature its overloads share. */
const submit = pg.Client.prototype.query as unknown as (this: pg.Client, config: unknown, values?: unknown, callback?: Callback) => unknown;

/**
 * A pg.Client whose timed-out query closes its connection. node-postgres's query_timeout only
 * stops waiting: the statement stays active on the connection, and the pool would take the client
 * back (drizzle releases a transaction's client without an error), so the next caller's BEGIN would
 * land inside the frozen transaction and its COMMIT could commit half of the one that failed.
 * Closing the socket makes PostgreSQL roll that transaction back, and the pool drops the client.
 */
export class GuardedClient extends pg.Client {
  /** The statement_timeout this client's connection was opened with (ms). */
  private readonly defaultStatementMs: number;
  /** Connected through a transaction-mode pooler (see PooledOptions): no names, no session state. */
  private readonly pooled: boolean;
  private poolRelease?: (error?: Error | boolean) => void;
  private checkedOut = false;

  constructor(config?: pg.ClientConfig) {
    super(config);
    this.defaultStatementMs = typeof config?.statement_timeout === 'number' ? config.statement_timeout : 0;
    this.pooled = (config as PooledOptions | undefined)?.throughTransactionPooler === true;
    // A connection that dies while checked out goes back to its pool at once: drizzle's transaction
    // never releases its client when BEGIN itself fails (drizzle-orm 0.45), and each outage would
    // otherwise leave the pool a connection short, for good.
    this.on('end', () => this.release(new Error('the connection ended while checked out')));
  }

  /**
   * pg-pool sets `release` on each checkout; it is kept here and made idempotent, so that the release
   * above and the holder's own later one (now a no-op) never meet as a double release.
   */
  set release(poolRelease: (error?: Error | boolean) => void) {
    this.poolRelease = poolRelease;
    this.checkedOut = true;
  }

  get release(): (error?: Error | boolean) => void {
    return (error) => {
      if (!this.checkedOut) return;
      this.checkedOut = false;
      this.poolRelease?.(error);
    };
  }

  // node-postgres's overloads cannot be restated one by one; the signature below is the one it implements.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (config === null || config === undefined || typeof (config as { submit?: unknown }).submit === 'function') {
      return submit.call(this, config, values, callback); // cursors and streams manage themselves
    }
    if (this.pooled) config = unnamed(config);
    const done: Callback | undefined = typeof values === 'function' ? values : callback;
    const params: unknown[] | undefined = typeof values === 'function' ? undefined : values;
    const longMs = longStatements.getStore();
    const long = this.pooled ? this.submitLongPooled : this.submitLong;
    const run = longMs === undefined ? (settle: Callback) => this.submitGuarded(config, params, settle) : (settle: Callback) => long.call(this, longMs, config, params, settle);
    if (done) return void run(done);
    return new Promise((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result))));
  }

  private submitGuarded(config: unknown, params: unknown, settle: Callback): void {
    submit.call(this, config, params, (error, result) => {
      if (error?.message === READ_TIMEOUT) this.dropConnection();
      settle(error, result);
    });
  }

  /**
   * The statement with a longer timeout on both sides, then the connection's default again before
   * anyone else uses it. One after the other: node-postgres is deprecating queued queries. In a
   * transaction that failed, the reset fails too, and the rollback restores the value from before
   * the transaction: the default.
   */
  private submitLong(longMs: number, config: unknown, params: unknown, settle: Callback): void {
    const longConfig = { ...(typeof config === 'string' ? { text: config } : (config as object)), query_timeout: longMs + CLIENT_GRACE_MS };
    this.submitGuarded(`set statement_timeout = ${Math.floor(longMs)}`, undefined, (setError) => {
      if (setError) return settle(setError);
      this.submitGuarded(longConfig, params, (error, result) => {
        if (error?.message === READ_TIMEOUT) return settle(error);
        this.submitGuarded(`set statement_timeout = ${this.defaultStatementMs}`, undefined, () => settle(error, result));
      });
    });
  }

  /**
   * submitLong through a transaction-mode pooler, where consecutive statements outside a transaction
   * may run on different server connections: a plain SET would change the timeout of whichever
   * connection it landed on (another client's, later) and not that of the statement. So the longer
   * timeout is set with set_config(..., is_local => true), which ends with the transaction, and a
   * statement outside one is wrapped in its own (PgBouncer keeps a transaction on one connection).
   * Inside the caller's transaction the previous value is restored after the statement, as above.
   */
  private submitLongPooled(longMs: number, config: unknown, params: unknown, settle: Callback): void {
    const longConfig = { ...(typeof config === 'string' ? { text: config } : (config as object)), query_timeout: longMs + CLIENT_GRACE_MS };
    const setLocal = `select current_setting('statement_timeout') as previous, set_config('statement_timeout', '${Math.floor(longMs)}', true)`;
    const own = this.getTransactionStatus() === 'I';
    const begin = (next: Callback) => (own ? this.submitGuarded('begin', undefined, next) : next(null));
    begin((beginError) => {
      if (beginError) return settle(beginError);
      this.submitGuarded(setLocal, undefined, (setError, set) => {
        if (setError) return own ? this.submitGuarded('rollback', undefined, () => settle(setError)) : settle(setError);
        this.submitGuarded(longConfig, params, (error, result) => {
          if (error?.message === READ_TIMEOUT) return settle(error);
          if (own) return this.submitGuarded(error ? 'rollback' : 'commit', undefined, (endError) => settle(error ?? endError, result));
          const previous = (set as pg.QueryResult<{ previous: string }>).rows[0]!.previous;
          this.submitGuarded({ text: `select set_config('statement_timeout', $1, true)`, values: [previous] }, undefined, () => settle(error, result));
        });
      });
    });
  }

  private dropConnection(): void {
    (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}

/**
 * A pg.Pool whose `pool.query` keeps its caller's withStatementTimeout: pg-pool runs the query in the
 * callback of its connect(), which fires in whatever context freed a connection, not the caller's.
 */
export class GuardedPool extends pg.Pool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(callback?: any): any {
    if (!callback) return super.connect();
    // Bound only when it matters: a request's path pays nothing for it.
    return super.connect(longStatements.getStore() === undefined ? callback : AsyncResource.bind(callback));
  }
}

/**
 * A pool through a transaction-mode pooler (DATABASE_POOLER=pgbouncer; docs/scaling.md, "PgBouncer").
 * PgBouncer 1.18 hands each transaction (each statement, outside one) to whichever server connection
 * is free, so nothing may outlive a statement on a connection: its clients send every prepared
 * statement unnamed (a named one, parsed on one server connection, is unknown on the next), and send
 * no statement_timeout at connection start (PgBouncer refuses startup parameters it does not know;
 * the pooled server connections get it from pgbouncer.ini's connect_query, or the role's setting).
 */
export interface PooledOptions {
  throughTransactionPooler?: boolean;
}

/** A query config without its prepared statement's name (the unnamed statement lasts one round). */
function unnamed(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('name' in config)) return config;
  const { name: _name, ...rest } = config as { name?: string };
  return rest;
}

/** The part of a pool's options that bounds every wait on the database. */
export function timeoutOptions(timeouts: DatabaseTimeouts, options: PooledOptions = {}) {
  if (options.throughTransactionPooler) {
    return { Client: GuardedClient, connectionTimeoutMillis: timeouts.connectMs, query_timeout: timeouts.queryMs + CLIENT_GRACE_MS, throughTransactionPooler: true };
  }
  return {
    Client: GuardedClient,
    connectionTimeoutMillis: timeouts.connectMs,
    // Sent as a startup parameter: no extra round trip per connection.
    statement_timeout: timeouts.queryMs,
    query_timeout: timeouts.queryMs + CLIENT_GRACE_MS,
  };
}
