'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { FormState } from '@/lib/portal/forms';
import { rightmostForwardedFor } from '@/lib/portal/forwarded-for';
import { safeCallbackUrl } from '@/lib/portal/paths';
import { writeSessionCookie } from '@/lib/portal/session';
import { passwordSignIn, SignInError } from '@/lib/portal/sign-in';

export type LoginFormState = FormState<'email' | 'password'>;

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
    if (error instanceof SignInError) return { message: error.message, values };
    throw error;
  }
  redirect(safeCallbackUrl(formData.get('callbackUrl')));
}
