import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '@/lib/api/context';
import { ApiError, conflict, unprocessable } from '@/lib/api/errors';
import { db } from '@/lib/platform/db';
import { idempotencyKeys } from './schema';

export const IDEMPOTENCY_TTL_HOURS = 24;
const MAX_KEY_LENGTH = 255;
/** Headers a replay must repeat for the client to see the same answer. */
const REPLAYED_HEADERS = ['content-type', 'location', 'link'];

/** API keys, invitation and password-reset links (docs/security.md): storing the answer would store the secret. */
const ANSWERS_WITH_ONE_TIME_SECRETS = /\/merchants\/me\/(api-keys|users\/invitations|users\/[^/]+\/password-reset)$/;

const live = sql`${idempotencyKeys.createdAt} > now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;

/**
 * Stripe-style idempotency for POSTs: the same key with the same body replays the first answer
 * (Idempotent-Replayed: true); with another body it is a 422; while the first is running, a 409.
 * Server errors are not stored, so a retry after one runs again.
 */
export const idempotency: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (c.req.method !== 'POST' || key === undefined) return next();
  if (ANSWERS_WITH_ONE_TIME_SECRETS.test(c.req.path)) {
    throw unprocessable('This answer holds a secret shown once and never stored, so it cannot be replayed: send the request without Idempotency-Key.', [
      { path: 'header.Idempotency-Key', message: 'Not accepted on this route.' },
    ]);
  }
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw unprocessable('The Idempotency-Key header must be 1 to 255 characters.', [
      { path: 'header.Idempotency-Key', message: 'Must be 1 to 255 characters.' },
    ]);
  }
  const { merchantId } = c.get('principal');
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n${c.get('principal').subMerchantId ?? ''}\n`)
    .update(await c.req.text())
    .digest('base64url');

  // Expired keys are forgotten: delete this one so the insert below can claim it afresh.
  await db()
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key), sql`not (${live})`));
  const claimed = await db()
    .insert(idempotencyKeys)
    .values({ merchantId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [first] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
    if (!first) throw conflict('That Idempotency-Key was being used at the same moment; retry.');
    if (first.requestHash !== requestHash) {
      throw new ApiError(422, 'idempotency_key_reused', 'Idempotency key reused', 'This Idempotency-Key was already used with a different request.');
    }
    if (first.responseStatus === null) {
      throw new ApiError(409, 'idempotency_in_progress', 'Request in progress', 'A request with this Idempotency-Key is still being processed; retry shortly.');
    }
    const headers = JSON.parse(first.responseHeaders ?? '{}') as Record<string, string>;
    return c.body(first.responseBody ?? '', first.responseStatus as 200, { ...headers, 'Idempotent-Replayed': 'true' });
  }

  const forget = () =>
    db()
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
  try {
    await next();
  } catch (error) {
    await forget();
    throw error;
  }
  // Hono turns a handler's thrown error into c.res before control returns here. Like Stripe, keep
  // outcomes of a request that ran (success, not found, conflict); a request refused as invalid,
  // or one that failed on our side, is forgotten so that a corrected retry can use the same key.
  const status = c.res.status;
  if (status >= 400 && status !== 404 && status !== 409) {
    await forget();
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = c.res.headers.get(name);
    if (value) headers[name] = value;
  }
  const body = await c.res.clone().text();
  await db()
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body, responseHeaders: JSON.stringify(headers) })
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
};

/** Drops keys older than the retention window; called from the maintenance schedule. */
export async function pruneIdempotencyKeys(): Promise<number> {
  const removed = await db()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
