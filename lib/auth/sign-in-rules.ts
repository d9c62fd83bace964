import { ApiError } from '@/lib/api/errors';
import { merchantIsDisabled } from '@/lib/merchants/directory';
import { secondsUntilLoginAllowed } from './throttle';

/** The provider's operators disabled the user's merchant (docs/operator.md): nobody of it signs in. */
export const merchantDisabled = () =>
  new ApiError(403, 'merchant_disabled', 'Merchant disabled', 'This merchant has been disabled by Collect; contact Collect support.');

/** A merchant's user is refused while its merchant is disabled; an operator has no merchant. */
export async function refuseDisabledMerchant(user: { merchantId: string | null }): Promise<void> {
  if (user.merchantId && (await merchantIsDisabled(user.merchantId))) throw merchantDisabled();
}

export const userDisabled = () => new ApiError(403, 'user_disabled', 'User disabled', 'This user has been disabled; ask an administrator.');

/** Passwords and second-factor codes share one counter per email and per address. */
export async function refuseWhileThrottled(email: string, address: string): Promise<void> {
  const waitSeconds = await secondsUntilLoginAllowed(email, address);
  if (waitSeconds > 0) {
    throw new ApiError(429, 'too_many_attempts', 'Too many sign-in attempts', `Try again in ${waitSeconds} seconds.`, {
      retryAfter: waitSeconds,
      headers: { 'Retry-After': String(waitSeconds) },
    });
  }
}
