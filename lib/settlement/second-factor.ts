import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { hasConfirmedTotp, useSecondFactor } from '@/lib/auth/mfa/verify';
import type { Queryable } from '@/lib/platform/db';

/**
 * Where settlement money goes is the change a stolen session would make first: an administrator
 * with two factors confirms it with a current code, used up in the caller's transaction (a code
 * never confirms two changes). Without two factors on, the session alone suffices, as elsewhere.
 */
export async function confirmSecondFactor(tx: Queryable, principal: Principal, code: string | undefined): Promise<'totp' | 'recovery_code' | 'none'> {
  if (!(await hasConfirmedTotp(tx, principal.userId))) return 'none';
  if (!code) {
    throw new ApiError(401, 'mfa_code_required', 'Second factor required', 'Changing where settlements are paid needs a current code from your authenticator app: send it as `code`.', {
      errors: [{ path: 'code', message: 'Required: you have two factors on.' }],
    });
  }
  const factor = await useSecondFactor(tx, principal.userId, code);
  if (!factor) throw new ApiError(403, 'invalid_mfa_code', 'Second factor not accepted', 'The code is not correct or was already used; type the one your app shows now.');
  return factor;
}
