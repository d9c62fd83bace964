import { eq } from 'drizzle-orm';
import { authenticate } from '@/lib/auth/authenticate';
import { clientAddress } from '@/lib/api/client-address';
import type { ApiApp } from '@/lib/api/context';
import { ApiError, unauthorized } from '@/lib/api/errors';
import { recordAudit } from '@/lib/audit/record';
import { db } from '@/lib/platform/db';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { currentOperatorOf, currentUserOf } from './principal';
import { authRoutes } from './routes';
import { users } from './schema';
import { endSession, endSessionOfRefreshToken, rotateRefreshToken, startSession } from './sessions';
import { clearLoginFailures, recordLoginFailure } from './throttle';
import { issueMfaChallenge, MFA_CHALLENGE_TTL_SECONDS } from './mfa/challenge';
import { registerMfaRoutes } from './mfa/handlers';
import { hasConfirmedTotp } from './mfa/verify';
import { refuseDisabledMerchant, refuseWhileThrottled, userDisabled } from './sign-in-rules';
import { TokenRejected, verifyAccessToken } from './tokens';

const invalidCredentials = () =>
  unauthorized('The email or password is not correct.', 'invalid_credentials');

const recordSignInFailure = (user: typeof users.$inferSelect, reason: string) =>
  recordAudit(db(), {
    merchantId: user.merchantId,
    actor: { type: 'anonymous', id: null, label: user.email },
    action: 'auth.sign_in_failed',
    target: { type: 'user', id: user.id },
    summary: `Failed sign-in for ${user.email}: ${reason.replace('_', ' ')}.`,
    details: { reason },
  });

export function registerAuthRoutes(app: ApiApp): void {
  app.openapi(authRoutes.login, async (c) => {
    const { password } = c.req.valid('json');
    const email = c.req.valid('json').email.toLowerCase();
    const address = clientAddress(c);
    await refuseWhileThrottled(email, address);

    const [user] = await db().select().from(users).where(eq(users.email, email));
    const passwordMatches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !passwordMatches) {
      await recordLoginFailure(email, address);
      // Only a known user has a merchant to record it under; unknown emails are in the throttle table alone.
      if (user) await recordSignInFailure(user, 'wrong_password');
      throw invalidCredentials();
    }
    if (!user.active) {
      await recordSignInFailure(user, 'user_disabled');
      throw userDisabled();
    }
    await refuseDisabledMerchant(user);
    if (await hasConfirmedTotp(db(), user.id)) {
      // Failures are cleared only after the second step, so a known password cannot reset the code counter.
      const mfaToken = await issueMfaChallenge(db(), user.id);
      throw new ApiError(401, 'mfa_required', 'Second factor required', 'Send a code from your authenticator app (or a recovery code) with this mfaToken to POST /auth/login/mfa.', {
        mfaToken,
        mfaExpiresIn: MFA_CHALLENGE_TTL_SECONDS,
      });
    }
    await clearLoginFailures(email);
    const pair = await db().transaction(async (tx) => {
      const started = await startSession(user.id, tx);
      await recordAudit(tx, {
        merchantId: user.merchantId,
        actor: { type: 'user', id: user.id, label: user.email },
        action: 'auth.signed_in',
        target: { type: 'user', id: user.id },
        summary: `${user.email} signed in with a password.`,
      });
      return started;
    });
    return c.json(pair, 200);
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

  // An empty body is no body, whatever its Content-Type says: logout always answers 204, and
  // client libraries set `Content-Type: application/json` on every POST. The body-less request
  // then takes the route's "no body" path; a body that is there is validated as before.
  app.use(authRoutes.logout.path, async (c, next) => {
    if (c.req.method === 'POST' && c.req.header('content-type') && (await c.req.text()).trim() === '') {
      const headers = new Headers(c.req.raw.headers);
      headers.delete('content-type');
      c.req.raw = new Request(c.req.raw.url, { method: 'POST', headers });
    }
    return next();
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

  registerMfaRoutes(app);

  app.use(authRoutes.me.path, authenticate);
  app.openapi(authRoutes.me, (c) => {
    const operator = c.get('operator');
    if (operator) return c.json(currentOperatorOf({ operator, mustEnrolMfa: c.get('principal').mustEnrolMfa ?? false }), 200);
    return c.json(currentUserOf(c.get('principal')), 200);
  });
}
