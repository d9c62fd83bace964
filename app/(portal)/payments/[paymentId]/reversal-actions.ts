'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { reversalRoutes } from '@/lib/reversals/routes';

export type ReversePaymentState = FormState<'remarks'> & { idempotencyKey?: string };

const reverseForm = z.object({
  paymentId: z.uuid(),
  idempotencyKey: z.uuid(),
  remarks: z.string().trim().max(100, 'At most 100 characters.').refine((text) => text.length !== 1, 'At least 2 characters, or leave it empty.'),
});

/** Asks the service to reverse the payment; the page then shows the reversal's state. */
export async function reversePayment(_previous: ReversePaymentState, formData: FormData): Promise<ReversePaymentState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const remarks = String(formData.get('remarks') ?? '');
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot reverse payments.' };
  const parsed = reverseForm.safeParse({ paymentId: formData.get('paymentId'), idempotencyKey: formData.get('idempotencyKey'), remarks });
  if (!parsed.success) {
    const remarksError = parsed.error.issues.find((issue) => issue.path[0] === 'remarks');
    if (remarksError) return { errors: { remarks: [remarksError.message] }, message: 'Check the highlighted field.', values: { remarks } };
    return { message: 'This form is out of date. Reload the page and try again.' };
  }
  const { paymentId, idempotencyKey } = parsed.data;
  try {
    await portalClient(session).call(reversalRoutes.reverse, {
      params: { paymentId },
      json: parsed.data.remarks ? { remarks: parsed.data.remarks } : {},
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  } catch (error) {
    // 409 (balance too low, already reversed or in progress), 422 (not possible on this rail): the service's sentence says why.
    if (isServiceError(error) && [404, 409, 422].includes(error.status)) {
      return { message: error.detail ?? error.title, values: { remarks }, idempotencyKey: crypto.randomUUID() };
    }
    throw error;
  }
  // The page is drawn again: the payment now shows "Reversal pending", and the form is gone.
  revalidatePath(`/payments/${paymentId}`);
  revalidatePath('/payments');
  return {};
}
