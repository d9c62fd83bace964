'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { AssignFormState } from '@/components/operator/desk/assign-suspense-form';
import { operatorSuspenseRoutes } from '@/lib/operator/suspense/routes';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';

const Input = z.object({
  suspenseId: z.uuid(),
  accountNumber: z.string().trim().regex(/^[0-9]{4,20}$/, 'Type the account number: digits only.'),
  reason: z.string().trim().min(5, 'Say why in a few words: who confirmed whose money it is.').max(500),
});

/** An administrator gives unknown-merchant suspense to an account (POST /operator/suspense/{id}/assign). */
export async function assignSuspense(_previous: AssignFormState, formData: FormData): Promise<AssignFormState> {
  assertSubmittedForm(formData);
  const session = await requireOperatorSession();
  if (!isPlatformAdmin(session.user)) return { message: 'Platform support has read-only access; a platform administrator gives money not yet credited to an account.' };
  const values = { accountNumber: String(formData.get('accountNumber') ?? ''), reason: String(formData.get('reason') ?? '') };
  const parsed = Input.safeParse({ suspenseId: formData.get('suspenseId'), ...values });
  if (!parsed.success) {
    const errors: AssignFormState['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'accountNumber' || field === 'reason') (errors[field] ??= []).push(issue.message);
    }
    return Object.keys(errors).length > 0 ? { errors, values } : { message: 'This form is out of date. Reload the page and try again.' };
  }
  const { suspenseId, ...json } = parsed.data;
  try {
    await operatorClient(session).call(operatorSuspenseRoutes.assign, { params: { suspenseId }, json });
  } catch (error) {
    if (isServiceError(error) && error.status === 422 && error.code === 'unknown_account') return { errors: { accountNumber: ['No account has this number.'] }, values };
    if (isServiceError(error) && [404, 409, 422].includes(error.status)) return { message: error.detail ?? 'The service refused this.', values };
    throw error;
  }
  redirect('/operator/suspense?done=assigned');
}
