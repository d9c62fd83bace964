import 'server-only';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from './errors';
import { loginWithPassword } from './service-auth';
import { withTokenPair, type PortalToken } from './token';

export type SignInFailure = 'invalid_credentials' | 'too_many_attempts' | 'user_disabled' | 'unavailable';

/** A sign-in the user can act on: `message` is a sentence for the form. */
export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly retryAfterSeconds?: number,
  ) {
    super(signInMessage(reason, retryAfterSeconds));
    this.name = 'SignInError';
  }
}

export function signInMessage(reason: string, retryAfterSeconds?: number): string {
  switch (reason) {
    case 'invalid_credentials':
      return 'Wrong email or password.';
    case 'too_many_attempts': {
      const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 900) / 60));
      return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
    }
    case 'user_disabled':
      return 'This account has been disabled. Ask an administrator of your merchant account to enable it.';
    default:
      return 'We could not sign you in just now. Please try again in a moment.';
  }
}

function failureFor(error: unknown): SignInError {
  if (isServiceError(error)) {
    if (error.status === 401 || error.code === 'invalid_credentials') return new SignInError('invalid_credentials');
    if (error.status === 429 || error.code === 'too_many_attempts') {
      return new SignInError('too_many_attempts', error.retryAfter);
    }
    if (error.code === 'user_disabled') return new SignInError('user_disabled');
    // 422 means the service rejected the shape of what was typed: as far as the user can tell, wrong credentials.
    if (error.status === 422) return new SignInError('invalid_credentials');
  }
  logger().error({ err: error }, 'portal sign-in failed');
  return new SignInError('unavailable');
}

/**
 * Signs in with the service and builds the session token. Shared by the login form's server
 * action and next-auth's Credentials provider, so both paths behave alike.
 * Throws SignInError only.
 */
export async function passwordSignIn(input: {
  email: string;
  password: string;
  forwardedFor?: string;
}): Promise<PortalToken> {
  // Counted from before the call, so the recorded expiry is never later than the service's.
  const requestedAt = Date.now();
  try {
    const { user, pair } = await loginWithPassword(input);
    return withTokenPair(user, pair, requestedAt);
  } catch (error) {
    throw failureFor(error);
  }
}
