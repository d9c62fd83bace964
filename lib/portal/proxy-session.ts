import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { refreshIfNeeded } from './refresh';
import { openSession, sealSession, sessionCookieName, sessionCookieOptions, type SealedSession } from './session-cookie';
import { isUsable } from './token';

export type ProxySession =
  | { state: 'none'; hadCookie: boolean }
  | { state: 'current' }
  | { state: 'refreshed'; cookie: SealedSession };

/**
 * The proxy is the one place that sees every page request and can set cookies, so it is where a
 * due access token is refreshed and the new pair stored, before the page renders.
 */
export async function checkSession(request: NextRequest): Promise<ProxySession> {
  const value = request.cookies.get(sessionCookieName())?.value;
  const stored = await openSession(value);
  if (!stored) return { state: 'none', hadCookie: value !== undefined };
  const token = await refreshIfNeeded(stored);
  if (!isUsable(token)) return { state: 'none', hadCookie: true };
  if (token === stored) return { state: 'current' };
  return { state: 'refreshed', cookie: await sealSession(token) };
}

/**
 * The page rendered after the proxy must see the cookie as the response leaves it (a new one,
 * or none), not the one the browser sent.
 */
export function requestCookieHeader(request: NextRequest, cookie: SealedSession | null): string {
  const name = sessionCookieName();
  const others = request.cookies
    .getAll()
    .filter((entry) => entry.name !== name)
    .map((entry) => `${entry.name}=${encodeURIComponent(entry.value)}`);
  return [...others, ...(cookie ? [`${name}=${cookie.value}`] : [])].join('; ');
}

export function storeSessionCookie(response: NextResponse, cookie: SealedSession): void {
  response.cookies.set(sessionCookieName(), cookie.value, { ...sessionCookieOptions(), expires: cookie.expires });
}

export function dropSessionCookie(response: NextResponse): void {
  response.cookies.delete({ name: sessionCookieName(), ...sessionCookieOptions() });
}
