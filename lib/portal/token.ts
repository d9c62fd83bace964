import { z } from 'zod';

/** What the portal shows about the signed-in user. Safe to render; holds no secret. */
export const portalUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  role: z.string(),
  /** Empty for an operator (PLATFORM_ADMIN, PLATFORM_SUPPORT), who belongs to no merchant. */
  merchantId: z.string(),
  merchantName: z.string(),
  subMerchantId: z.string().nullable(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;

export const REFRESH_FAILED = 'RefreshAccessTokenError';

/**
 * The sealed contents of the session cookie. The service's tokens live only here:
 * the cookie is httpOnly and encrypted, and nothing copies them into what the browser can read.
 * Times are epoch milliseconds.
 */
export const portalTokenSchema = z.object({
  user: portalUserSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresAt: z.number(),
  accessTokenLifetime: z.number(),
  refreshTokenExpiresAt: z.number(),
  error: z.literal(REFRESH_FAILED).optional(),
});
export type PortalToken = z.infer<typeof portalTokenSchema>;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

/** Decoded cookie contents that are not a usable portal token (an older format, say) count as signed out. */
export function parsePortalToken(value: unknown): PortalToken | null {
  const parsed = portalTokenSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function withTokenPair(user: PortalUser, pair: TokenPair, now = Date.now()): PortalToken {
  return {
    user,
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    accessTokenExpiresAt: now + pair.expiresIn * 1000,
    accessTokenLifetime: pair.expiresIn * 1000,
    refreshTokenExpiresAt: now + pair.refreshExpiresIn * 1000,
  };
}

/**
 * Refresh ahead of expiry so a request never reaches the service with a token about to lapse:
 * when less than a minute, or a third of the lifetime for short-lived tokens, remains.
 */
export function needsRefresh(token: PortalToken, now = Date.now()): boolean {
  const margin = Math.min(60_000, token.accessTokenLifetime / 3);
  return token.accessTokenExpiresAt - now < margin;
}

export function isUsable(token: PortalToken | null, now = Date.now()): token is PortalToken {
  return token !== null && !token.error && token.accessTokenExpiresAt > now;
}
