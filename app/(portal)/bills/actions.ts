'use server';

import { redirect, unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { billRoutes } from '@/lib/bills/routes';
import { CreateExpectedPaymentRequest } from '@/lib/bills/schemas';
import type { ServiceClient } from '@/lib/client';
import { decimalText } from '@/lib/money/decimal';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { nairobiLocalToIso } from './nairobi-time';

const fields = ['paymentReference', 'description', 'amount', 'currency', 'expiresAt', 'customerId', 'provisionInvoiceVa'] as const;
type Field = (typeof fields)[number];
export type CreateBillState = CreateFormState<Field>;

/** Thousands separators are how people write amounts; they are not part of the number. */
const amountText = (typed: string) => decimalText(typed.replace(/[,\s]/g, ''));

/** What the portal checks itself, in its own words; the service's schema checks the rest. */
const billForm = z.object({
  paymentReference: z.string().min(1, 'Enter a reference for this bill, such as INV-2026-0042.'),
  amount: z
    .string()
    .min(1, 'Enter the amount to pay.')
    .refine((typed) => amountText(typed) !== undefined, 'Enter an amount like 1500 or 1500.50.'),
  currency: z.string().min(1, 'Choose a currency.'),
  expiresAt: z
    .string()
    .min(1, 'Enter when the bill expires.')
    .refine((typed) => nairobiLocalToIso(typed) !== undefined, 'Enter a real date and time, such as 31/03/2026 17:00.'),
});

/** The request the form stands for; the amount stays exact decimal text until it becomes the JSON number the service takes. */
function billRequest(form: Record<Field, string>) {
  const amount = amountText(form.amount);
  return {
    paymentReference: form.paymentReference,
    description: form.description || undefined,
    amount: amount === undefined ? Number.NaN : Number(amount),
    currency: form.currency || undefined,
    expiresAt: nairobiLocalToIso(form.expiresAt) ?? '',
    customerId: form.customerId || undefined,
    // An unticked checkbox sends nothing.
    provisionInvoiceVa: form.provisionInvoiceVa === 'on',
  };
}

async function billWithReference(client: ServiceClient, paymentReference: string) {
  try {
    const found = await client.call(billRoutes.list, { query: { q: paymentReference, limit: 200 } });
    const match = found.find((bill) => bill.paymentReference === paymentReference);
    return match && `/bills/${match.id}`;
  } catch (error) {
    unstable_rethrow(error);
    // The message stands without its link.
    return undefined;
  }
}

/** Raises a bill (by default with its own one-time account number), then shows it. */
export async function createBill(_previous: CreateBillState, formData: FormData): Promise<CreateBillState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  // An unticked box is absent from the form data, but must come back unticked.
  const values = { ...typedValues(formData, fields), provisionInvoiceVa: formData.get('provisionInvoiceVa') === 'on' ? 'on' : '' };
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot raise bills.', values };
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!idempotencyKey.success) return { message: 'This form is out of date. Reload the page and try again.', values };

  const form = trimmed(fields, values);
  const request = billRequest(form);
  const errors = firstErrors(fields, billForm.safeParse(form), CreateExpectedPaymentRequest.safeParse(request));
  if (errors) return { errors, message: 'Check the highlighted fields.', values };

  const client = portalClient(session);
  let billId: string;
  try {
    const created = await client.call(billRoutes.create, { json: request, headers: { 'Idempotency-Key': idempotencyKey.data } });
    billId = created.id;
  } catch (error) {
    const refused = refusalState(error, fields, values);
    if (refused) return refused;
    if (isServiceError(error) && error.status === 409) {
      return {
        errors: { paymentReference: ['Another bill already has this reference.'] },
        message: 'A bill with this reference already exists.',
        existingHref: await billWithReference(client, request.paymentReference),
        values,
        idempotencyKey: crypto.randomUUID(),
      };
    }
    if (isServiceError(error) && error.status === 404) {
      return { errors: { customerId: ['This customer no longer exists. Choose another.'] }, values, idempotencyKey: crypto.randomUUID() };
    }
    throw error;
  }
  redirect(`/bills/${billId}`);
}

export type CancelBillState = FormState;

/**
 * Cancels a bill that still waits for payment. The service answers a cancelled bill again, so a
 * second click, a retry or a stale page is harmless.
 */
export async function cancelBill(_previous: CancelBillState, formData: FormData): Promise<CancelBillState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot cancel bills.' };
  const billId = z.uuid().safeParse(formData.get('billId'));
  if (!billId.success) return { message: 'This form is out of date. Reload the page and try again.' };
  try {
    await portalClient(session).call(billRoutes.cancel, { params: { expectedPaymentId: billId.data } });
  } catch (error) {
    const refused = refusalState(error, [], {});
    if (refused) return { message: refused.message };
    // 409: paid or expired meanwhile; the service's sentence says which.
    if (isServiceError(error) && error.status === 409) return { message: error.detail ?? 'This bill can no longer be cancelled.' };
    if (isServiceError(error) && error.status === 404) return { message: 'This bill no longer exists.' };
    throw error;
  }
  redirect(`/bills/${billId.data}`);
}
