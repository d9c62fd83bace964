'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { billRoutes } from '@/lib/bills/routes';
import { UpdateExpectedPaymentRequest } from '@/lib/bills/schemas';
import { decimalText } from '@/lib/money/decimal';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { nairobiLocalToIso } from './nairobi-time';

const fields = ['description', 'amount', 'expiresAt'] as const;
type Field = (typeof fields)[number];
export type EditBillState = CreateFormState<Field>;

const amountText = (typed: string) => decimalText(typed.replace(/[,\s]/g, ''));

/**
 * The change the form stands for. The amount and expiry inputs are only on the page while nothing
 * is paid; when they are absent only the description is sent, so a stale page never tries to
 * change the terms of a bill paid meanwhile without the service saying why not.
 */
function billChange(formData: FormData, form: Record<Field, string>) {
  const termsShown = formData.has('amount');
  const amount = amountText(form.amount);
  return {
    description: form.description,
    ...(termsShown
      ? { amount: amount === undefined ? Number.NaN : Number(amount), expiresAt: nairobiLocalToIso(form.expiresAt) ?? '' }
      : {}),
  };
}

/** Changes a bill's description, and its amount and expiry while nothing is paid (PATCH). */
export async function editBill(_previous: EditBillState, formData: FormData): Promise<EditBillState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, fields);
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot change bills.', values };
  const billId = z.uuid().safeParse(formData.get('billId'));
  if (!billId.success) return { message: 'This form is out of date. Reload the page and try again.', values };

  const form = trimmed(fields, values);
  const change = billChange(formData, form);
  const ownChecks = z
    .object({
      amount: z.string().refine((typed) => !formData.has('amount') || amountText(typed) !== undefined, 'Enter an amount like 1500 or 1500.50.'),
      expiresAt: z.string().refine((typed) => !formData.has('expiresAt') || nairobiLocalToIso(typed) !== undefined, 'Enter a real date and time, such as 31/03/2026 17:00.'),
    })
    .safeParse(form);
  const errors = firstErrors(fields, ownChecks, UpdateExpectedPaymentRequest.safeParse(change));
  if (errors) return { errors, message: 'Check the highlighted fields.', values };

  try {
    await portalClient(session).call(billRoutes.update, { params: { expectedPaymentId: billId.data }, json: change });
  } catch (error) {
    const refused = refusalState(error, fields, values);
    if (refused) return refused;
    // 409: paid, expired or cancelled meanwhile; the service's sentence says which.
    if (isServiceError(error) && error.status === 409) return { message: error.detail ?? 'This bill can no longer change.', values };
    if (isServiceError(error) && error.status === 404) return { message: 'This bill no longer exists.', values };
    throw error;
  }
  redirect(`/bills/${billId.data}`);
}
