import { eq } from 'drizzle-orm';
import { clientAddress } from '@/lib/api/client-address';
import type { ApiApp } from '@/lib/api/context';
import { ApiError, unauthorized } from '@/lib/api/errors';
import { recordAudit } from '@/lib/audit/record';
import { db } from '@/lib/platform/db';
import { authenticate } from '../authenticate';
import { personOnly } from '../require-admin';
import { users } from '../schema';
import { startSession } from '../sessions';
import { clearLoginFailures, recordLoginFailure } from '../throttle';
import { lockMfaChallenge, useMfaChallenge } from './challenge';
import { confirmTotpEnrolment, disableTotp, mfaStatus, startTotpEnrolment } from './enrolment';
import { mfaRoutes as routes } from './routes';
import { refuseDisabledMerchant, refuseWhileThrottled, userDisabled } from '../sign-in-rules';
import { useSecondFactor } from './verify';

export function registerMfaRoutes(app: ApiApp): void {
  for (const route of [routes.status, routes.start, routes.confirm, routes.disable]) app.use(route.path, authenticate, personOnly);

  app.openapi(routes.status, async (c) => c.json(await mfaStatus(c.get('principal')), 200));
  app.openapi(routes.start, async (c) => c.json(await startTotpEnrolment(c.get('principal')), 200));
  app.openapi(routes.confirm, async (c) => c.json(await confirmTotpEnrolment(c.get('principal'), c.req.valid('json').code), 200));
  app.openapi(routes.disable, async (c) => {
    await disableTotp(c.get('principal'), c.req.valid('json').code);
    return c.body(null, 204);
  });

  app.openapi(routes.login, async (c) => {
    const { mfaToken, code } = c.req.valid('json');
    const address = clientAddress(c);
    const outcome = await db().transaction(async (tx) => {
      const challenge = await lockMfaChallenge(tx, mfaToken);
      if (!challenge) return { ok: false as const, user: undefined };
      const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId));
      if (!user!.active) throw userDisabled();
      await refuseDisabledMerchant(user!);
      await refuseWhileThrottled(user!.email, address);
      const factor = await useSecondFactor(tx, user!.id, code);
      if (!factor) return { ok: false as const, user: user! };
      await useMfaChallenge(tx, challenge.tokenHash);
      const pair = await startSession(user!.id, tx);
      const actor = { type: 'user' as const, id: user!.id, label: user!.email };
      await recordAudit(tx, {
        merchantId: user!.merchantId,
        actor,
        action: 'auth.signed_in',
        target: { type: 'user', id: user!.id },
        summary: `${user!.email} signed in with a password and ${factor === 'totp' ? 'an authenticator code' : 'a recovery code'}.`,
        details: { secondFactor: factor },
      });
      if (factor === 'recovery_code') {
        await recordAudit(tx, { merchantId: user!.merchantId, actor, action: 'mfa.recovery_code_used', target: { type: 'user', id: user!.id }, summary: `${user!.email} used a recovery code.` });
      }
      return { ok: true as const, pair, email: user!.email };
    });
    if (outcome.ok) {
      await clearLoginFailures(outcome.email);
      return c.json(outcome.pair, 200);
    }
    if (!outcome.user) throw unauthorized('The sign-in has expired or was already completed; sign in again with your password.', 'mfa_token_invalid');
    await recordLoginFailure(outcome.user.email, address);
    await recordAudit(db(), {
      merchantId: outcome.user.merchantId,
      actor: { type: 'anonymous', id: null, label: outcome.user.email },
      action: 'auth.sign_in_failed',
      target: { type: 'user', id: outcome.user.id },
      summary: `Failed sign-in for ${outcome.user.email}: wrong second-factor code.`,
      details: { reason: 'invalid_mfa_code' },
    });
    throw new ApiError(401, 'invalid_mfa_code', 'Authentication required', 'The code is not correct; try the current one from your app.');
  });
}
