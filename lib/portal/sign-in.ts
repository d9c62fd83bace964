import 'server-only';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from './errors';
import { loginWithCode, loginWithPassword } from './service-auth';
import { withTokenPair, type PortalToken } from './token';

export type SignInFailure = 'invalid_credentials' | 'too_many_attempts' | 'user_disabled' | 'unavailable' | 'mfa_required' | 'invalid_mfa_code' | 'mfa_token_invalid';

/** A sign-in the user can act on: `message` is a sentence for the form. */
export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly retryAfterSeconds?: number,
    /** With mfa_required: the single-use token the second step sends back with the code. */
    readonly mfaToken?: string,
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
    case 'mfa_required':
      return 'Enter the 6-digit code from your authenticator app.';
    case 'invalid_mfa_code':
      return 'That code is not right. Type the one your app shows now, or a recovery code.';
    case 'mfa_token_invalid':
      return 'This sign-in took too long. Please enter your email and password again.';
    default:
      return 'We could not sign you in just now. Please try again in a moment.';
  }
}

function failureFor(error: unknown): SignInError {
  if (isServiceError(error)) {
    if (error.code === 'mfa_required' && typeof error.body?.mfaToken === 'string') return new SignInError('mfa_required', undefined, error.body.mfaToken);
    if (error.code === 'invalid_mfa_code' || error.code === 'mfa_token_invalid') return new SignInError(error.code);
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

/** The second step: the token of the first and a code (TOTP or recovery). Throws SignInError only. */
export async function codeSignIn(input: { mfaToken: string; code: string; forwardedFor?: string }): Promise<PortalToken> {
  const requestedAt = Date.now();
  try {
    const { user, pair } = await loginWithCode(input);
    return withTokenPair(user, pair, requestedAt);
  } catch (error) {
    throw failureFor(error);
  }
}
