import type { Context, MiddlewareHandler } from 'hono';
import { readDatabaseConfigured, rememberWritePosition, withStandbyReads } from '@/lib/platform/db/read-pool';
import type { ApiEnv } from './context';

/**
 * The GET routes whose reads may be served by the standby (DATABASE_READ_URL): lists, searches,
 * statements and exports, where a merchant accepts history a few seconds old (docs/scaling.md,
 * "Read replicas"). Explicit, one place: a route not named here reads from the primary. Their query
 * functions read through readDb() (lib/platform/db/read-pool.ts).
 */
export const STANDBY_READ_ROUTES = [
  '/merchants/me/payments',
  '/merchants/me/payments/summary',
  '/merchants/me/payments/daily-totals',
  '/merchants/me/customers',
  '/merchants/me/expected-payments',
  '/merchants/me/expected-payments/summary',
  '/merchants/me/events',
  '/merchants/me/audit-events',
  '/merchants/me/virtual-accounts/:virtualAccountId/statement',
  '/merchants/me/virtual-account/balance-history',
  '/merchants/me/settlements/:settlementId/entries/csv',
] as const;

/** Whose writes a read must see: the API key (its tokens share its writes), else the session. */
function callerOf(c: Context<ApiEnv>): string | undefined {
  const principal = c.get('principal');
  if (principal) return principal.apiKey ? `key:${principal.apiKey.id}` : `session:${principal.sessionId}`;
  const operator = c.get('operator');
  return operator ? `session:${operator.sessionId}` : undefined;
}

/** On STANDBY_READ_ROUTES: a GET's opted-in reads go to the standby when fresh enough for this caller. */
export const standbyReads: MiddlewareHandler<ApiEnv> = (c, next) => (c.req.method === 'GET' ? withStandbyReads(callerOf(c), next) : next());

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After a caller's write (any other method, answered below 500): the primary's WAL position is kept
 * for the caller before the answer leaves, so that its next read (the page after a form, an
 * integration's GET after its POST) waits for the standby to hold it. Nothing without a standby.
 */
export const rememberWrites: MiddlewareHandler<ApiEnv> = (c, next) =>
  SAFE_METHODS.has(c.req.method) || !readDatabaseConfigured() ? next() : nextThenRemember(c, next); // a GET pays no extra frame

async function nextThenRemember(c: Context<ApiEnv>, next: () => Promise<void>): Promise<void> {
  await next();
  const caller = callerOf(c);
  if (caller && c.res.status < 500) await rememberWritePosition(caller);
}
