import { ApiError } from '@/lib/api/errors';
import { secondsUntilLoginAllowed } from './throttle';

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
