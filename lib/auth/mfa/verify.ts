import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { mfaRecoveryCodes, userTotp } from '../mfa-schema';
import { open } from './secret-box';
import { hashRecoveryCode, matchingStep } from './totp';

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a TOTP or a recovery code of a user with confirmed two factors, and uses it up: the TOTP's
 * step is recorded (a code is never accepted twice), a recovery code is marked used. Locks the
 * user's TOTP row, so two requests with one code cannot both pass.
 */
export async function useSecondFactor(tx: Queryable, userId: string, code: string): Promise<SecondFactor | undefined> {
  const [totp] = await tx
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .for('update');
  if (!totp) return undefined;
  const step = matchingStep(await open(totp.secretCiphertext), code);
  if (step !== undefined) {
    if (totp.lastUsedStep !== null && step <= totp.lastUsedStep) return undefined;
    await tx.update(userTotp).set({ lastUsedStep: step }).where(eq(userTotp.userId, userId));
    return 'totp';
  }
  const [used] = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)), eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ codeHash: mfaRecoveryCodes.codeHash });
  return used ? 'recovery_code' : undefined;
}

export async function hasConfirmedTotp(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return Boolean(row);
}
