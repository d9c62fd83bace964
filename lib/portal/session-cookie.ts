import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { secureCookiesEnabled, sessionMaxAgeSeconds, sessionSecret } from './settings';
import { parsePortalToken, type PortalToken } from './token';

/**
 * The one session cookie, shared by next-auth's route handler, the proxy, pages and server actions.
 * Everything that reads or writes it goes through here so that name, flags and sealing agree.
 */
export function sessionCookieName(): string {
  return secureCookiesEnabled() ? '__Secure-collect.session' : 'collect.session';
}

export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookiesEnabled() };
}

export interface SealedSession {
  value: string;
  expires: Date;
}

/** The cookie lives as long as the refresh token, never longer than the session's maximum age. */
export async function sealSession(token: PortalToken, now = Date.now()): Promise<SealedSession> {
  const maxAge = Math.max(
    1,
    Math.min(sessionMaxAgeSeconds(), Math.floor((token.refreshTokenExpiresAt - now) / 1000)),
  );
  const value = await encode({ token, secret: sessionSecret(), maxAge });
  return { value, expires: new Date(now + maxAge * 1000) };
}

/** A missing, tampered, expired or foreign cookie is simply no session. */
export async function openSession(value: string | undefined): Promise<PortalToken | null> {
  if (!value) return null;
  try {
    return parsePortalToken(await decode({ token: value, secret: sessionSecret() }));
  } catch {
    return null;
  }
}
