import { and, count, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { conflict, unprocessable } from '@/lib/api/errors';
import { requirePerson } from '../require-admin';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { db } from '@/lib/platform/db';
import { merchantSecurityPolicies } from '@/lib/team/schema';
import { mfaRecoveryCodes, userTotp } from '../mfa-schema';
import { open, seal } from './secret-box';
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl } from './totp';
import { hasConfirmedTotp, useSecondFactor } from './verify';


const wrongCode = () => unprocessable('The code is not correct.', [{ path: 'code', message: 'Type the 6-digit code your app shows now (or a recovery code).' }], 'invalid_code');

/** Starts (or restarts) enrolment: a new secret, not yet in force until a code confirms it. */
export async function startTotpEnrolment(principal: Principal) {
  requirePerson(principal);
  if (await hasConfirmedTotp(db(), principal.userId)) throw conflict('Two factors are already on; disable them first to enrol a new device.');
  const secret = newTotpSecret();
  const sealed = await seal(secret);
  await db()
    .insert(userTotp)
    .values({ userId: principal.userId, secretCiphertext: sealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretCiphertext: sealed, confirmedAt: null, lastUsedStep: null } });
  const url = otpauthUrl(secret, principal.email);
  return { secret, otpauthUrl: url, qrCodeSvg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}

/** A first code proves the device has the secret; then the ten recovery codes, shown this once. */
export async function confirmTotpEnrolment(principal: Principal, code: string) {
  requirePerson(principal);
  return db().transaction(async (tx) => {
    const [pending] = await tx.select().from(userTotp).where(eq(userTotp.userId, principal.userId)).for('update');
    if (!pending) throw conflict('Start enrolment first (POST /auth/mfa/totp).');
    if (pending.confirmedAt) throw conflict('Two factors are already on.');
    const step = matchingStep(await open(pending.secretCiphertext), code);
    if (step === undefined) throw wrongCode();
    await tx.update(userTotp).set({ confirmedAt: new Date(), lastUsedStep: step }).where(eq(userTotp.userId, principal.userId));
    const recoveryCodes = newRecoveryCodes();
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, principal.userId));
    await tx.insert(mfaRecoveryCodes).values(recoveryCodes.map((recovery) => ({ codeHash: hashRecoveryCode(recovery), userId: principal.userId })));
    await recordAudit(tx, {
      action: 'mfa.enrolled',
      target: { type: 'user', id: principal.userId },
      summary: `${principal.email} turned on two-factor sign-in (TOTP).`,
    });
    return { recoveryCodes };
  });
}

/** Turning two factors off takes a current code (or a recovery code), so a stolen session alone cannot. */
export async function disableTotp(principal: Principal, code: string) {
  requirePerson(principal);
  await db().transaction(async (tx) => {
    const factor = await useSecondFactor(tx, principal.userId, code);
    if (!factor) {
      if (!(await hasConfirmedTotp(tx, principal.userId))) throw conflict('Two factors are not on.');
      throw wrongCode();
    }
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, principal.userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, principal.userId));
    await recordAudit(tx, {
      action: 'mfa.disabled',
      target: { type: 'user', id: principal.userId },
      summary: `${principal.email} turned off two-factor sign-in.`,
      details: { with: factor },
    });
  });
}

export async function mfaStatus(principal: Principal) {
  requirePerson(principal);
  const enabled = await hasConfirmedTotp(db(), principal.userId);
  const [{ left }] = (await db()
    .select({ left: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, principal.userId), isNull(mfaRecoveryCodes.usedAt)))) as [{ left: number }];
  // An operator has no merchant, and two factors are always required of operators (docs/operator.md).
  if (!principal.merchantId) return { enabled, recoveryCodesLeft: enabled ? left : 0, required: true };
  const [policy] = await db().select().from(merchantSecurityPolicies).where(eq(merchantSecurityPolicies.merchantId, principal.merchantId));
  return { enabled, recoveryCodesLeft: enabled ? left : 0, required: policy?.requireMfa ?? false };
}
