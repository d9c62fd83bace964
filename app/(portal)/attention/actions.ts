'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ServiceClient } from '@/lib/client';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { suspenseRoutes } from '@/lib/suspense/routes';

export type AttentionFormState = FormState<'target' | 'note'>;

const OUT_OF_DATE = 'This form is out of date. Reload the page and try again.';
const id = z.uuid();
const noteOf = (formData: FormData) => String(formData.get('note') ?? '').trim().slice(0, 500);

/** The signed-in writer's client, or the sentence that says why this user cannot act. */
async function writer(): Promise<{ client: ServiceClient } | { refused: AttentionFormState }> {
  const session = await requireSession();
  if (!canWrite(session.user)) return { refused: { message: 'You have read-only access, so you can look but not change anything here.' } };
  return { client: portalClient(session) };
}

/** The service's own sentence for a refusal it explains (404, 409, 422); anything else is thrown on. */
function refusal(error: unknown): AttentionFormState {
  if (isServiceError(error) && [404, 409, 422].includes(error.status)) {
    return { message: error.status === 404 ? 'It, or what you chose, no longer exists. Reload the page.' : (error.detail ?? 'The service refused this.') };
  }
  throw error;
}

/** "account:<id>" or "bill:<id>", as the resolve form's one select offers them. */
const readTarget = (value: FormDataEntryValue | null) => {
  const [kind, targetId] = String(value ?? '').split(':');
  if (!id.safeParse(targetId).success) return undefined;
  if (kind === 'account') return { virtualAccountId: targetId };
  if (kind === 'bill') return { expectedPaymentId: targetId };
  return undefined;
};

export async function resolveSuspense(_previous: AttentionFormState, formData: FormData): Promise<AttentionFormState> {
  assertSubmittedForm(formData);
  const caller = await writer();
  if ('refused' in caller) return caller.refused;
  const suspenseId = id.safeParse(formData.get('suspenseId'));
  if (!suspenseId.success) return { message: OUT_OF_DATE };
  const target = readTarget(formData.get('target'));
  if (!target) return { errors: { target: ['Choose the account or bill to credit.'] } };
  try {
    await caller.client.call(suspenseRoutes.resolve, { params: { suspenseId: suspenseId.data }, json: { ...target, note: noteOf(formData) || undefined } });
  } catch (error) {
    return refusal(error);
  }
  redirect('/attention?done=credited');
}

export async function returnSuspense(_previous: AttentionFormState, formData: FormData): Promise<AttentionFormState> {
  assertSubmittedForm(formData);
  const caller = await writer();
  if ('refused' in caller) return caller.refused;
  const suspenseId = id.safeParse(formData.get('suspenseId'));
  if (!suspenseId.success) return { message: OUT_OF_DATE };
  try {
    await caller.client.call(suspenseRoutes.return, { params: { suspenseId: suspenseId.data }, json: { note: noteOf(formData) || undefined } });
  } catch (error) {
    return refusal(error);
  }
  redirect('/attention?done=returned');
}

export async function movePayment(_previous: AttentionFormState, formData: FormData): Promise<AttentionFormState> {
  assertSubmittedForm(formData);
  const caller = await writer();
  if ('refused' in caller) return caller.refused;
  const paymentId = id.safeParse(formData.get('paymentId'));
  if (!paymentId.success) return { message: OUT_OF_DATE };
  const target = readTarget(formData.get('target'));
  if (!target?.expectedPaymentId) return { errors: { target: ['Choose the bill this payment was meant for.'] } };
  try {
    await caller.client.call(suspenseRoutes.movePayment, {
      params: { paymentId: paymentId.data },
      json: { expectedPaymentId: target.expectedPaymentId, note: noteOf(formData) || undefined },
    });
  } catch (error) {
    return refusal(error);
  }
  redirect('/attention?done=moved');
}

export async function notePayment(_previous: AttentionFormState, formData: FormData): Promise<AttentionFormState> {
  assertSubmittedForm(formData);
  const caller = await writer();
  if ('refused' in caller) return caller.refused;
  const paymentId = id.safeParse(formData.get('paymentId'));
  if (!paymentId.success) return { message: OUT_OF_DATE };
  const note = noteOf(formData);
  if (!note) return { errors: { note: ['Say what was done about it, such as "Refunded by cheque 0042".'] } };
  try {
    await caller.client.call(suspenseRoutes.notePayment, { params: { paymentId: paymentId.data }, json: { note } });
  } catch (error) {
    return refusal(error);
  }
  redirect('/attention?done=noted');
}
