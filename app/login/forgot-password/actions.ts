'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { serviceClient } from '@/lib/client';
import { refusalMessage } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { rightmostForwardedFor } from '@/lib/portal/forwarded-for';
import { teamRoutes } from '@/lib/team/routes';
import { ForgotPasswordRequest } from '@/lib/team/schemas';

export type ForgotPasswordState = FormState<'email'> & { sent?: boolean };

/**
 * Public. Asks the service to email a reset link; shows its one answer whatever the email, so the
 * page never tells whether someone has an account. The browser's address goes along, so the
 * service throttles per person rather than per portal.
 */
export async function requestReset(_previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> {
  assertSubmittedForm(formData);
  const typed = formData.get('email');
  const values = { email: typeof typed === 'string' ? typed.trim().slice(0, 254) : '' };
  const parsed = ForgotPasswordRequest.safeParse(values);
  if (!parsed.success) return { errors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted field.', values };
  try {
    const forwardedFor = rightmostForwardedFor((await headers()).get('x-forwarded-for'));
    const answer = await serviceClient({ forwardedFor }).call(teamRoutes.forgotPassword, { json: parsed.data });
    return { sent: true, message: answer.message };
  } catch (error) {
    if (isServiceError(error) && error.status === 429) {
      return { message: `Too many requests for a reset link. Try again in ${Math.ceil((error.retryAfter ?? 60) / 60)} minutes.`, values };
    }
    return { message: refusalMessage(error), values };
  }
}
