/**
 * Which unique constraint a PostgreSQL error broke, if it was a unique violation (23505).
 * drizzle wraps the driver's error, so the fields may sit on its cause.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause] as ({ code?: string; constraint?: string } | undefined)[];
  const violation = candidates.find((candidate) => candidate?.code === '23505');
  return violation ? (violation.constraint ?? '') : undefined;
}

/**
 * The SQLSTATE (or driver code) of a database error, wherever it sits: drizzle wraps the driver's
 * error, so the cause chain is searched too (the first code found, outermost first).
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A LIKE pattern matches its text literally once %, _ and the escape character are escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * SQLSTATE classes and driver codes that mean "the database cannot be reached now", not "this request
 * is wrong". 57014 is a statement cancelled by statement_timeout (or by an operator): the database
 * did not answer in time, so the caller is told to retry (lib/platform/db/timeouts.ts).
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '57014', '53300']);
// 25006 (read_only_sql_transaction): a write reached a server in recovery, i.e. the primary is moving
// (a demoted one, or a standby not yet promoted, still behind HAProxy for its check interval): retry
// shortly and the write lands on the new primary (docs/scaling.md, "Failover").
UNAVAILABLE_CODES.add('25006');
/** node-postgres's own messages: a refused or dropped connection, and its connect and query timeouts. */
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error means PostgreSQL is down, unreachable or not answering in time (refused, reset,
 * shutting down, too many connections, a connect or statement timeout): the request may succeed
 * if retried shortly. drizzle wraps the driver's
 * error, so the cause chain is searched too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    const nested = (current as { errors?: unknown[] }).errors; // AggregateError of a dual-stack connect
    if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
