import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db, type Queryable } from '@/lib/platform/db';
import { refreshTokens, sessions, users } from './schema';
import { signAccessToken } from './tokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshExpiresIn: number;
}

const hashOf = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('base64url');

/** 256 random bits; only its hash is stored. */
const newRefreshToken = () => `rt_${randomBytes(32).toString('base64url')}`;

async function issuePair(sessionId: string, userId: string, sessionExpiresAt: Date, tx: Queryable = db()): Promise<TokenPair> {
  const { REFRESH_TOKEN_TTL_SECONDS, ACCESS_TOKEN_TTL_SECONDS } = config();
  // A refresh token never outlives its session's absolute lifetime.
  const expiresAt = new Date(Math.min(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000, sessionExpiresAt.getTime()));
  const refreshToken = newRefreshToken();
  await tx.insert(refreshTokens).values({ tokenHash: hashOf(refreshToken), sessionId, expiresAt });
  return {
    accessToken: await signAccessToken({ sub: userId, sid: sessionId }),
    refreshToken,
    tokenType: 'Bearer',
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    refreshExpiresIn: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  };
}

/** In the caller's transaction when given, so that the sign-in and its audit entry commit together. */
export async function startSession(userId: string, tx: Queryable = db()): Promise<TokenPair> {
  const expiresAt = new Date(Date.now() + config().SESSION_MAX_AGE_SECONDS * 1000);
  const [session] = await tx.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return issuePair(session!.id, userId, expiresAt, tx);
}

export type RefreshOutcome =
  | { ok: true; pair: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'session_ended' };

/**
 * Rotates a refresh token. Presenting one that was already used means it leaked (or a client
 * raced itself): the whole session ends, as RFC 9700 section 4.14.2 asks.
 */
export async function rotateRefreshToken(refreshToken: string): Promise<RefreshOutcome> {
  const tokenHash = hashOf(refreshToken);
  const [claimed] = await db()
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });

  if (!claimed) {
    const [seen] = await db()
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!seen) return { ok: false, reason: 'unknown' };
    await endSession(seen.sessionId, 'refresh_token_reused');
    return { ok: false, reason: 'reused' };
  }
  if (claimed.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  const [live] = await db()
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claimed.sessionId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        eq(users.active, true),
      ),
    );
  if (!live) return { ok: false, reason: 'session_ended' };
  // The inner join on users means a user session: API-key sessions have no refresh tokens.
  return { ok: true, pair: await issuePair(claimed.sessionId, live.userId!, live.expiresAt) };
}

export async function endSession(sessionId: string, reason: string): Promise<void> {
  await db()
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user (all but `except`, when given) in the caller's transaction, so its
 * tokens are refused from the next request on: disabling, a password reset or change.
 */
export async function endSessionsOf(tx: Queryable, userId: string, reason: string, except?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? sql`${sessions.id} <> ${except}` : undefined));
}

export async function endSessionOfRefreshToken(refreshToken: string, reason: string): Promise<void> {
  const [token] = await db()
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOf(refreshToken)));
  if (token) await endSession(token.sessionId, reason);
}

/**
 * Ends every session of a merchant's users and API keys (a disabled merchant, lib/operator), in the
 * caller's transaction: their tokens are refused from the next request on.
 */
export async function endSessionsOfMerchant(tx: Queryable, merchantId: string, reason: string): Promise<number> {
  const ended = await tx.execute(sql`
    update sessions set revoked_at = now(), revoked_reason = ${reason}
     where revoked_at is null and expires_at > now()
       and (user_id in (select id from users where merchant_id = ${merchantId})
         or api_key_id in (select id from api_keys where merchant_id = ${merchantId}))`);
  return ended.rowCount ?? 0;
}
