import 'server-only';
import type { NextAuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { rightmostForwardedFor } from './forwarded-for';
import { refreshIfNeeded } from './refresh';
import { sessionCookieName, sessionCookieOptions } from './session-cookie';
import { secureCookiesEnabled, sessionMaxAgeSeconds, sessionSecret } from './settings';
import { endSession } from './sign-out';
import { passwordSignIn, SignInError } from './sign-in';
import { parsePortalToken, type PortalToken } from './token';

type SignedInUser = User & { portalToken: PortalToken };

/**
 * next-auth (v4, JWT strategy) owns the session cookie's format and serves /api/auth/*.
 * The login form signs in through a server action that shares `passwordSignIn` and the cookie
 * helpers with this file, so that it works without JavaScript and answers in place; the
 * Credentials provider below is the same sign-in for next-auth's own callback route.
 *
 * A function, not a constant: the options read the runtime configuration, which `next build` lacks.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: sessionSecret(),
    session: { strategy: 'jwt', maxAge: sessionMaxAgeSeconds() },
    useSecureCookies: secureCookiesEnabled(),
    cookies: { sessionToken: { name: sessionCookieName(), options: sessionCookieOptions() } },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize(credentials, req): Promise<SignedInUser | null> {
          if (!credentials?.email || !credentials.password) return null;
          try {
            const portalToken = await passwordSignIn({
              email: credentials.email,
              password: credentials.password,
              forwardedFor: rightmostForwardedFor(req.headers?.['x-forwarded-for']),
            });
            return { id: portalToken.user.id, portalToken };
          } catch (error) {
            // next-auth puts the message in the /login?error= redirect; a code, never free text.
            if (error instanceof SignInError) throw new Error(error.reason);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) return (user as SignedInUser).portalToken;
        const current = parsePortalToken(token);
        // Throwing makes next-auth clear the cookie: an unreadable session is no session.
        if (!current) throw new Error('The session cookie does not hold a portal session.');
        return refreshIfNeeded(current);
      },
      // What /api/auth/session shows the browser: display data only, never the service's tokens.
      async session({ session, token }) {
        const current = parsePortalToken(token);
        return {
          expires: session.expires,
          user: current ? publicUser(current) : undefined,
          error: current?.error,
        };
      },
    },
    events: {
      async signOut({ token }) {
        const current = parsePortalToken(token);
        if (current) await endSession(current);
      },
    },
  };
}

function publicUser(token: PortalToken) {
  const { name, email, role, merchantName, subMerchantId } = token.user;
  return { name, email, role, merchantName, subMerchantId };
}
