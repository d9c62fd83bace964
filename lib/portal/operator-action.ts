import 'server-only';
import { revalidatePath } from 'next/cache';
import type { ServiceClient } from '@/lib/client';
import { isServiceError } from './errors';
import type { FormState } from './forms';
import { refusalMessage } from './admin-action';
import { operatorClient, requireOperatorSession } from './operator-session';
import { isPlatformAdmin } from './roles';

/** What an operator console form answers: the house form contract, plus a one-time link when one was made. */
export type OperatorFormState = FormState & { ok?: boolean; link?: { label: string; url: string; note: string } };

export const NOT_PLATFORM_ADMIN = 'Only a platform administrator can make this change; platform support is read-only.';

/** The submitted fields as trimmed text (a FormData value may be a File). */
export const textValues = (formData: FormData, fields: readonly string[]): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field, String(formData.get(field) ?? '').trim().slice(0, 1000)]));

/**
 * Every console write: an operator session (a merchant's user gets the 404 page), the admin role
 * (the service checks both again), the service's refusals worded for the form. `revalidate`: the
 * pages that show what changed.
 */
export async function operatorWrite(values: Record<string, string>, revalidate: string[], run: (client: ServiceClient) => Promise<OperatorFormState>): Promise<OperatorFormState> {
  const session = await requireOperatorSession();
  if (!isPlatformAdmin(session.user)) return { message: NOT_PLATFORM_ADMIN, values };
  try {
    const state = await run(operatorClient(session));
    for (const path of revalidate) revalidatePath(path);
    return state;
  } catch (error) {
    if (isServiceError(error) && error.status === 422) {
      const errors = error.fieldErrors() as OperatorFormState['errors'];
      return { errors, message: error.detail ?? 'Check the highlighted fields.', values };
    }
    return { message: refusalMessage(error), values };
  }
}
