'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { serviceClient } from '@/lib/client';
import { refusalMessage } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { rightmostForwardedFor } from '@/lib/portal/forwarded-for';
import { writeSessionCookie } from '@/lib/portal/session';
import { passwordSignIn, SignInError } from '@/lib/portal/sign-in';
import { teamRoutes } from '@/lib/team/routes';
import { AcceptInvitationRequest, UsePasswordResetRequest } from '@/lib/team/schemas';

/** Never echoes the password: `values` holds the names only. */
export type SetPasswordState = FormState<'firstName' | 'lastName' | 'password'> & { done?: boolean };

const tokenOf = (formData: FormData) => z.string().regex(/^(inv|rst)_[A-Za-z0-9_-]{1,100}$/).safeParse(formData.get('token'));
const linkRefusal = (error: unknown) => (isServiceError(error) && (error.status === 404 || error.status === 410) ? 'This link cannot be used: it was already used, withdrawn or has expired. Ask an administrator for a new one.' : refusalMessage(error));

/** Public: the one-time token is the only credential, checked (and used up) by the service. */
export async function acceptInvitation(_previous: SetPasswordState, formData: FormData): Promise<SetPasswordState> {
  assertSubmittedForm(formData);
  const values = { firstName: String(formData.get('firstName') ?? '').slice(0, 100), lastName: String(formData.get('lastName') ?? '').slice(0, 100) };
  const token = tokenOf(formData);
  if (!token.success) return { message: 'This link is not valid.', values };
  const parsed = AcceptInvitationRequest.safeParse({ ...values, password: formData.get('password') });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted fields.', values };
  let email: string;
  try {
    ({ email } = await serviceClient().call(teamRoutes.acceptInvitation, { params: { token: token.data }, json: parsed.data }));
  } catch (error) {
    return { message: linkRefusal(error), values };
  }
  // The person just chose this password: signing them in saves typing it again at once.
  try {
    const forwardedFor = rightmostForwardedFor((await headers()).get('x-forwarded-for'));
    await writeSessionCookie(await passwordSignIn({ email, password: parsed.data.password, forwardedFor }));
  } catch (error) {
    // Joined all the same (two factors asked, say): the page offers the sign-in link.
    if (error instanceof SignInError) return { done: true };
    throw error;
  }
  redirect('/');
}

export async function resetPassword(_previous: SetPasswordState, formData: FormData): Promise<SetPasswordState> {
  assertSubmittedForm(formData);
  const token = tokenOf(formData);
  if (!token.success) return { message: 'This link is not valid.' };
  const parsed = UsePasswordResetRequest.safeParse({ password: formData.get('password') });
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted fields.' };
  try {
    await serviceClient().call(teamRoutes.usePasswordReset, { params: { token: token.data }, json: parsed.data });
  } catch (error) {
    return { message: linkRefusal(error) };
  }
  return { done: true };
}
