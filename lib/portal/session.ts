import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { serviceClient, type ServiceClient } from '@/lib/client';
import { isServiceError } from './errors';
import { SESSION_ENDED_URL } from './paths';
import { refreshIfNeeded } from './refresh';
import { openSession, sealSession, sessionCookieName, sessionCookieOptions } from './session-cookie';
import { isUsable, type PortalToken, type PortalUser } from './token';

export interface PortalSession {
  user: PortalUser;
  accessToken: string;
}

/** The token as the request's cookie holds it, not refreshed. Cached per request. */
export const storedSessionToken = cache(async (): Promise<PortalToken | null> => {
  return openSession((await cookies()).get(sessionCookieName())?.value);
});

/**
 * The session token, refreshed when due. Cached per request so a layout and its page share
 * one decode and at most one refresh.
 */
const currentToken = cache(async (): Promise<PortalToken | null> => {
  const stored = await storedSessionToken();
  if (!stored) return null;
  const token = await refreshIfNeeded(stored);
  if (token !== stored && !token.error) {
    // The proxy normally refreshes first and rewrites the cookie. If it did not, a server action
    // can still store the new pair; a page render cannot set cookies, and the next request's
    // proxy then gets the same pair from the refresh de-duplication instead.
    await writeSessionCookie(token).catch(() => undefined);
  }
  return token;
});

/** The signed-in user, or null. For pages that anyone may see, such as /login. */
export async function readSession(): Promise<PortalSession | null> {
  const token = await currentToken();
  return isUsable(token) ? { user: token.user, accessToken: token.accessToken } : null;
}

/**
 * Every portal page and server action calls this itself: the proxy's check is a convenience,
 * not the guard. Redirects to /login when there is no usable session.
 */
export async function requireSession(): Promise<PortalSession> {
  const session = await readSession();
  if (!session) redirect('/login');
  return session;
}

/**
 * A service client acting as the signed-in user. A 401 means the service ended the session
 * (signed out elsewhere, user disabled): the user is sent to sign in again, and the proxy drops
 * the stale cookie on the way. Without two factors where they are required, the user is sent to
 * enrol first (`enrolmentPage`: the merchant's /account, or the operator's).
 */
export function portalClient(session: PortalSession, enrolmentPage = '/account'): ServiceClient {
  const client = serviceClient({ accessToken: session.accessToken });
  const request: ServiceClient['request'] = async (route, input) => {
    try {
      return await client.request(route, input);
    } catch (error) {
      // A missing second-factor code (a sensitive change) is a 401 too, but the session is fine: the form asks for it.
      if (isServiceError(error) && error.status === 401 && error.code !== 'mfa_code_required') redirect(SESSION_ENDED_URL);
      // The merchant requires two factors and this user has none yet: enrolment comes first.
      if (isServiceError(error) && error.code === 'mfa_enrollment_required') redirect(enrolmentPage);
      throw error;
    }
  };
  return { request, call: async (route, input) => (await request(route, input)).data };
}

/** Only where Next allows setting cookies: server actions and route handlers. */
export async function writeSessionCookie(token: PortalToken): Promise<void> {
  const { value, expires } = await sealSession(token);
  (await cookies()).set(sessionCookieName(), value, { ...sessionCookieOptions(), expires });
}

export async function clearSessionCookie(): Promise<void> {
  (await cookies()).delete({ name: sessionCookieName(), ...sessionCookieOptions() });
}
