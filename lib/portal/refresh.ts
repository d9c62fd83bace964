import 'server-only';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from './errors';
import { exchangeRefreshToken } from './service-auth';
import { needsRefresh, REFRESH_FAILED, withTokenPair, type PortalToken, type TokenPair } from './token';

/**
 * The service rotates refresh tokens and ends the whole session when a used one comes back.
 * Several requests of one browser can carry the same old cookie at once (a page and its
 * prefetches, or a request sent before the new cookie arrived), so each refresh token is
 * exchanged once per process: concurrent callers share the exchange in flight, and callers
 * within REUSE_WINDOW_MS after it get the same new pair. Kept on globalThis because Next loads
 * this module more than once per process.
 */
const REUSE_WINDOW_MS = 30_000;

interface Exchange {
  result: Promise<{ pair: TokenPair; receivedAt: number }>;
  settledAt?: number;
}

const store = globalThis as unknown as { __collectPortalRefreshes?: Map<string, Exchange> };
const exchanges = (store.__collectPortalRefreshes ??= new Map<string, Exchange>());

function forgetOldExchanges(now: number): void {
  for (const [key, exchange] of exchanges) {
    if (exchange.settledAt !== undefined && now - exchange.settledAt > REUSE_WINDOW_MS) exchanges.delete(key);
  }
}

function exchangeOnce(refreshToken: string): Exchange['result'] {
  forgetOldExchanges(Date.now());
  const existing = exchanges.get(refreshToken);
  if (existing) return existing.result;

  const exchange: Exchange = {
    result: exchangeRefreshToken(refreshToken).then((pair) => ({ pair, receivedAt: Date.now() })),
  };
  exchanges.set(refreshToken, exchange);
  exchange.result.then(
    () => {
      exchange.settledAt = Date.now();
    },
    // A failure is not kept: the next request decides afresh.
    () => exchanges.delete(refreshToken),
  );
  return exchange.result;
}

/**
 * The token unchanged while its access token is comfortably valid; with a new pair when one was
 * due; or marked REFRESH_FAILED when the session cannot go on (the caller then signs the user out).
 */
export async function refreshIfNeeded(token: PortalToken, now = Date.now()): Promise<PortalToken> {
  if (token.error || !needsRefresh(token, now)) return token;
  if (token.refreshTokenExpiresAt <= now) return { ...token, error: REFRESH_FAILED };
  try {
    const { pair, receivedAt } = await exchangeOnce(token.refreshToken);
    return withTokenPair(token.user, pair, receivedAt);
  } catch (error) {
    const refused = isServiceError(error) && error.status < 500;
    if (refused) {
      logger().info({ status: error.status, code: error.code }, 'portal session ended: refresh refused');
      return { ...token, error: REFRESH_FAILED };
    }
    logger().warn({ err: error }, 'portal token refresh failed');
    // An outage is not a sign-out while the current access token still works.
    return token.accessTokenExpiresAt > Date.now() ? token : { ...token, error: REFRESH_FAILED };
  }
}
