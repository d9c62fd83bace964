import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { metrics } from '../metrics';
import { isDatabaseUnavailable, sqlStateOf } from './errors';
import { databaseTimeouts, db, pool, type Database } from './index';
import { GuardedPool, timeoutOptions } from './timeouts';

/**
 * Reads that may be served by a hot standby (DATABASE_READ_URL), and the rules that keep them
 * honest (docs/scaling.md, "Read replicas"):
 *
 * - Opt-in twice: a route says its reads may be stale by a bounded amount (lib/api/read-routing.ts),
 *   and the query function reads through `readDb()` instead of `db()`. Anything else (auth and
 *   session checks, idempotency, the rails, every write and every transaction) uses `db()`: the primary.
 * - Read-your-writes by WAL position: after a caller's write, the primary's insert LSN is kept for
 *   that caller; its reads go to the standby only once the standby has replayed past it.
 * - Bounded staleness: a probe compares the primary's WAL position with the standby's replay
 *   position; the standby is used only while it is known to hold everything the primary had at
 *   most `maxLagMs` ago. A standby that is down, paused or cut off from the primary drifts past the
 *   bound by itself, and a standby query that fails to connect is run again on the primary: a
 *   standby outage never fails a read.
 */

interface Probe {
  /** When the primary's position was read (ms, Date.now()). */
  at: number;
  primaryLsn: bigint;
}

interface ReadState {
  url?: string;
  maxLagMs: number;
  probeMs: number;
  pool?: ReadPool;
  db?: Database;
  timer?: NodeJS.Timeout;
  probing?: boolean;
  /** The standby's replay position at the last successful probe. */
  replayLsn: bigint;
  /** The newest time at which the standby was known to hold everything the primary had. */
  freshAsOf: number;
  /** The last probes' primary positions, oldest first: the standby's freshness is read off them. */
  probes: Probe[];
  /** Set by a failed probe or query, cleared by the next successful probe. */
  down: boolean;
  /** Per caller (session or API key): the primary's WAL position after its last write. */
  written: Map<string, { lsn: bigint; at: number }>;
}

const globalState = globalThis as unknown as { __collectReadDatabase?: ReadState };
const state: ReadState = (globalState.__collectReadDatabase ??= {
  maxLagMs: 5_000,
  probeMs: 500,
  replayLsn: 0n,
  freshAsOf: 0,
  probes: [],
  down: true,
  written: new Map(),
});

/** An LSN such as `16/B374D848` as one number, to compare positions. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A position no standby reaches: "read from the primary" while a caller's own position is unknown. */
const UNKNOWN_POSITION = (1n << 64n) - 1n;
/** A remembered write is dropped once the standby has replayed it, or after this at the latest. */
const FORGET_AFTER_MS = 5 * 60_000;
/** Callers remembered at once; far more than write in any replay window, and a bound on memory. */
const MAX_CALLERS = 100_000;

/**
 * A standby query is run again on the primary when the standby cannot answer: unreachable, shutting
 * down, timed out, cancelled by a recovery conflict (40001), or read-only (25006: a statement that
 * writes was routed here by mistake; the primary takes it rather than the merchant seeing an error).
 */
const fallsBack = (error: unknown) =>
  isDatabaseUnavailable(error) || ['40001', '25006'].includes(sqlStateOf(error) ?? '');

/** The standby's pool: a statement it cannot answer goes to the primary's pool instead. */
class ReadPool extends GuardedPool {
  /** A statement on the standby itself, never the primary: the probe. */
  queryStandby<Row extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<Row>> {
    return super.query<Row>(text);
  }

  // node-postgres's overloads cannot be restated one by one; drizzle and executePrepared use the promise form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (typeof values === 'function' || typeof callback === 'function') return super.query(config, values, callback);
    return (super.query(config, values) as Promise<unknown>).catch((error: unknown) => {
      if (!fallsBack(error)) throw error;
      standbyFailed();
      return pool().query(config, values);
    });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(callback?: any): any {
    if (callback) return super.connect(callback);
    return (super.connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      if (!fallsBack(error)) throw error;
      standbyFailed();
      return pool().connect();
    });
  }
}

function standbyFailed(): void {
  state.down = true;
  metrics().standbyReads.inc({ server: 'primary', reason: 'standby_failed' });
}

/**
 * Configures the standby (openDatabase calls this when DATABASE_READ_URL is set) and starts the
 * probe. The standby's connect timeout is short: a standby that hangs must not hold a read for the
 * primary's full connect timeout before the read falls back.
 */
export function useReadDatabaseUrl(url: string, options: { maxLagMs?: number; poolSize?: number; probeMs?: number } = {}): void {
  closeReadPoolNow();
  state.url = url;
  state.maxLagMs = options.maxLagMs ?? 5_000;
  state.probeMs = options.probeMs ?? 500;
  const timeouts = databaseTimeouts();
  const created = new ReadPool({
    connectionString: url,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 10_000,
    application_name: 'collect-read',
    ...timeoutOptions({ ...timeouts, connectMs: Math.min(timeouts.connectMs, 1_000) }),
  });
  created.on('error', () => undefined);
  created.on('connect', (client) => client.on('error', () => undefined));
  state.pool = created;
  state.db = drizzle(created);
  state.timer = setInterval(() => void probe(), state.probeMs);
  state.timer.unref();
  void probe();
}

export const readDatabaseConfigured = (): boolean => state.url !== undefined;

/**
 * One probe: the primary's current WAL position, then the standby's replay position. Once the
 * standby has replayed past a position the primary had at time t, it holds everything committed
 * before t: its staleness is at most now − t, whether the primary is busy or idle, and whether
 * replay is running, paused or cut off. (pg_last_xact_replay_timestamp alone grows on an idle
 * primary and says nothing when the WAL receiver is disconnected.)
 */
async function probe(): Promise<void> {
  const readPool = state.pool;
  if (!readPool || state.probing) return;
  state.probing = true;
  try {
    const at = Date.now();
    const primary = await pool().query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    state.probes.push({ at, primaryLsn: parseLsn(primary.rows[0]!.lsn) });
    // The standby's own query must not fall back to the primary: it is the standby that is probed.
    const standby = await readPool.queryStandby<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
    const replay = standby.rows[0]?.lsn;
    if (!replay) throw new Error('DATABASE_READ_URL is not a standby (pg_last_wal_replay_lsn() is null)');
    state.replayLsn = parseLsn(replay);
    const held = state.probes.filter((p) => p.primaryLsn <= state.replayLsn);
    if (held.length) state.freshAsOf = Math.max(state.freshAsOf, held[held.length - 1]!.at);
    // Probes older than the newest one held are no longer needed; the rest wait for replay.
    state.probes = state.probes.filter((p) => p.at > state.freshAsOf).slice(-100);
    state.down = false;
  } catch {
    state.down = true;
  } finally {
    state.probing = false;
  }
}

/** How far behind the primary the standby may be now, at most (ms); Infinity before it was ever fresh. */
export const standbyStalenessMs = (): number => (state.freshAsOf ? Date.now() - state.freshAsOf : Number.POSITIVE_INFINITY);

/** After a caller's write: reads by it wait for the standby to replay past the primary's position now. */
export async function rememberWritePosition(caller: string): Promise<void> {
  if (!state.url) return;
  let lsn = UNKNOWN_POSITION;
  try {
    // The insert position is at or past the end of every commit already made, this caller's included.
    const { rows } = await pool().query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    lsn = parseLsn(rows[0]!.lsn);
  } catch {
    // Unknown: the caller reads from the primary until the entry is forgotten.
  }
  state.written.delete(caller); // re-inserted last: the Map keeps the oldest first
  state.written.set(caller, { lsn, at: Date.now() });
  if (state.written.size > MAX_CALLERS) state.written.delete(state.written.keys().next().value!);
}

export type ReadDecision = { server: 'standby'; reason: 'standby' } | { server: 'primary'; reason: 'standby_down' | 'lagging' | 'read_your_writes' };

/** Where a caller's opted-in read goes now. Synchronous: the request never waits on the standby's health. */
export function decideRead(caller: string | undefined): ReadDecision {
  if (state.down) return { server: 'primary', reason: 'standby_down' };
  if (standbyStalenessMs() > state.maxLagMs) return { server: 'primary', reason: 'lagging' };
  const write = caller ? state.written.get(caller) : undefined;
  if (write) {
    if (write.lsn > state.replayLsn) {
      if (Date.now() - write.at < FORGET_AFTER_MS) return { server: 'primary', reason: 'read_your_writes' };
    }
    state.written.delete(caller!);
  }
  return { server: 'standby', reason: 'standby' };
}

// One per process, like the state: Next's bundles load this module a second time.
const routingState = globalThis as unknown as { __collectReadRouting?: AsyncLocalStorage<Database> };
const routed = (routingState.__collectReadRouting ??= new AsyncLocalStorage<Database>());

/**
 * Runs a request's work with its opted-in reads (readDb()) on the standby when decideRead allows;
 * otherwise, and without DATABASE_READ_URL, they stay on the primary. Counted either way.
 */
export function withStandbyReads<T>(caller: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!state.url || !state.db) return work();
  const decision = decideRead(caller);
  metrics().standbyReads.inc({ server: decision.server, reason: decision.reason });
  return decision.server === 'standby' ? routed.run(state.db, work) : work();
}

/**
 * The handle for a read that tolerates bounded staleness (lists, searches, statements, exports): the
 * standby inside a request withStandbyReads routed there, the primary everywhere else. Only for
 * statements that stand alone: never inside a transaction, never for a statement that writes.
 */
export const readDb = (): Database => routed.getStore() ?? db();

function closeReadPoolNow(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  const current = state.pool;
  Object.assign(state, { url: undefined, pool: undefined, db: undefined, timer: undefined, down: true, replayLsn: 0n, freshAsOf: 0, probes: [] });
  state.written.clear();
  return current?.end() ?? Promise.resolve();
}

export const closeReadPool = (): Promise<void> => closeReadPoolNow();
