import { eq } from 'drizzle-orm';
import { authenticate } from '@/lib/auth/authenticate';
import { clientAddress } from '@/lib/api/client-address';
import type { ApiApp } from '@/lib/api/context';
import { ApiError, unauthorized } from '@/lib/api/errors';
import { db } from '@/lib/platform/db';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { currentUserOf } from './principal';
import { authRoutes } from './routes';
import { users } from './schema';
import { endSession, endSessionOfRefreshToken, rotateRefreshToken, startSession } from './sessions';
import { clearLoginFailures, recordLoginFailure, secondsUntilLoginAllowed } from './throttle';
import { TokenRejected, verifyAccessToken } from './tokens';

const invalidCredentials = () =>
  unauthorized('The email or password is not correct.', 'invalid_credentials');

export function registerAuthRoutes(app: ApiApp): void {
  app.openapi(authRoutes.login, async (c) => {
    const { password } = c.req.valid('json');
    const email = c.req.valid('json').email.toLowerCase();
    const address = clientAddress(c);

    const waitSeconds = await secondsUntilLoginAllowed(email, address);
    if (waitSeconds > 0) {
      throw new ApiError(429, 'too_many_attempts', 'Too many sign-in attempts', `Try again in ${waitSeconds} seconds.`, {
        retryAfter: waitSeconds,
        headers: { 'Retry-After': String(waitSeconds) },
      });
    }

    const [user] = await db().select().from(users).where(eq(users.email, email));
    const passwordMatches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !passwordMatches) {
      await recordLoginFailure(email, address);
      throw invalidCredentials();
    }
    if (!user.active) {
      throw new ApiError(403, 'user_disabled', 'User disabled', 'This user has been disabled; ask an administrator.');
    }
    await clearLoginFailures(email);
    return c.json(await startSession(user.id), 200);
  });

  app.openapi(authRoutes.refresh, async (c) => {
    const outcome = await rotateRefreshToken(c.req.valid('json').refreshToken);
    if (outcome.ok) return c.json(outcome.pair, 200);
    const detail = {
      unknown: 'The refresh token is not valid.',
      expired: 'The refresh token has expired; sign in again.',
      reused: 'The refresh token was already used; the session has been ended for safety. Sign in again.',
      session_ended: 'The session has ended; sign in again.',
    }[outcome.reason];
    throw unauthorized(detail, `refresh_${outcome.reason}`);
  });

  app.openapi(authRoutes.logout, async (c) => {
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (bearer) {
      try {
        const claims = await verifyAccessToken(bearer);
        await endSession(claims.sid, 'logout');
      } catch (error) {
        if (!(error instanceof TokenRejected)) throw error;
      }
    }
    const body = c.req.header('content-type') ? c.req.valid('json') : {};
    if (body.refreshToken) {
      await endSessionOfRefreshToken(body.refreshToken, 'logout');
    }
    return c.body(null, 204);
  });

  app.use(authRoutes.me.path, authenticate);
  app.openapi(authRoutes.me, (c) => c.json(currentUserOf(c.get('principal')), 200));
}
