'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { rightmostForwardedFor } from '@/lib/portal/forwarded-for';
import { safeCallbackUrl } from '@/lib/portal/paths';
import { writeSessionCookie } from '@/lib/portal/session';
import { codeSignIn, passwordSignIn, SignInError } from '@/lib/portal/sign-in';

/** `mfaToken`: after a right password for a user with two factors, the form asks for a code with it. */
export type LoginFormState = FormState<'email' | 'password' | 'code'> & { mfaToken?: string; expiredToken?: string };

const credentialsSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Enter an email address like name@example.com.')),
  password: z.string().min(1, 'Enter your password.').max(1024, 'That password is too long.'),
});

/**
 * Signs in with the service and stores its tokens in the sealed, httpOnly session cookie; the
 * browser never sees them. On failure the form answers in place, keeping the typed email
 * (never the password).
 */
export async function signIn(_previous: LoginFormState, formData: FormData): Promise<LoginFormState> {
  assertSubmittedForm(formData);
  const typed = formData.get('email');
  const values = { email: typeof typed === 'string' ? typed.slice(0, 254) : '' };

  const parsed = credentialsSchema.safeParse({ email: formData.get('email'), password: formData.get('password') });
  if (!parsed.success) {
    return { errors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted fields.', values };
  }

  try {
    const forwardedFor = rightmostForwardedFor((await headers()).get('x-forwarded-for'));
    await writeSessionCookie(await passwordSignIn({ ...parsed.data, forwardedFor }));
  } catch (error) {
    if (error instanceof SignInError && error.reason === 'mfa_required') return { message: error.message, values, mfaToken: error.mfaToken };
    if (error instanceof SignInError) return { message: error.message, values };
    throw error;
  }
  redirect(safeCallbackUrl(formData.get('callbackUrl')));
}

const codeSchema = z.object({
  mfaToken: z.string().min(1).max(200),
  code: z.string().trim().min(6, 'Enter the 6-digit code from your app.').max(20, 'That code is too long.'),
});

/** The second step: wrong codes keep the step (the token stays usable until it expires); an expired token goes back to the password. */
export async function signInWithCode(_previous: LoginFormState, formData: FormData): Promise<LoginFormState> {
  assertSubmittedForm(formData);
  const parsed = codeSchema.safeParse({ mfaToken: formData.get('mfaToken'), code: formData.get('code') });
  if (!parsed.success) {
    const mfaToken = typeof formData.get('mfaToken') === 'string' ? String(formData.get('mfaToken')) : undefined;
    return { errors: { code: z.flattenError(parsed.error).fieldErrors.code }, message: 'Check the code.', mfaToken };
  }
  try {
    const forwardedFor = rightmostForwardedFor((await headers()).get('x-forwarded-for'));
    await writeSessionCookie(await codeSignIn({ ...parsed.data, forwardedFor }));
  } catch (error) {
    if (error instanceof SignInError) {
      const keepStep = error.reason === 'invalid_mfa_code';
      if (keepStep) return { message: error.message, mfaToken: parsed.data.mfaToken, errors: { code: [error.message] } };
      return { message: error.message, expiredToken: parsed.data.mfaToken };
    }
    throw error;
  }
  redirect(safeCallbackUrl(formData.get('callbackUrl')));
}
