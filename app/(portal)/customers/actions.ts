'use server';

import { redirect, unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import type { ServiceClient } from '@/lib/client';
import { customerRoutes } from '@/lib/customers/routes';
import { CreateCustomerRequest } from '@/lib/customers/schemas';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';

const fields = ['displayName', 'externalRef', 'email', 'phone', 'subMerchantId'] as const;
type Field = (typeof fields)[number];
export type CreateCustomerState = CreateFormState<Field>;

/** What the portal checks itself, in its own words; the service's schema checks the rest (the phone number's rules among them). */
const customerForm = z.object({
  displayName: z.string().min(1, "Enter the customer's name."),
  externalRef: z.string().min(1, 'Enter your own reference for this customer, such as CUST-0042.'),
  // Optional: many payers have a phone and no email address; receipts then go by SMS.
  email: z.union([z.literal(''), z.email('Enter an email address like name@example.com, or leave it empty.')]),
  phone: z.string().min(1, 'Enter a mobile number, such as 0712 345 678 or +254 712 345 678.'),
});

const customerRequest = (form: Record<Field, string>) => ({
  displayName: form.displayName,
  externalRef: form.externalRef,
  email: form.email || undefined,
  phone: form.phone,
  subMerchantId: form.subMerchantId || undefined,
});

async function customerWithReference(client: ServiceClient, externalRef: string) {
  try {
    const found = await client.call(customerRoutes.list, { query: { q: externalRef, limit: 200 } });
    const match = found.find((customer) => customer.externalRef === externalRef);
    return match && `/customers/${match.id}`;
  } catch (error) {
    unstable_rethrow(error);
    // The message stands without its link.
    return undefined;
  }
}

/** Registers a customer, then shows it. On any failure the form answers in place with what was typed. */
export async function createCustomer(_previous: CreateCustomerState, formData: FormData): Promise<CreateCustomerState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, fields);
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot register customers.', values };

  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!idempotencyKey.success) return { message: 'This form is out of date. Reload the page and try again.', values };

  const form = trimmed(fields, values);
  const request = customerRequest(form);
  const errors = firstErrors(fields, customerForm.safeParse(form), CreateCustomerRequest.safeParse(request));
  if (errors) return { errors, message: 'Check the highlighted fields.', values };

  const client = portalClient(session);
  let customerId: string;
  try {
    const created = await client.call(customerRoutes.create, { json: request, headers: { 'Idempotency-Key': idempotencyKey.data } });
    customerId = created.id;
  } catch (error) {
    const refused = refusalState(error, fields, values);
    if (refused) return refused;
    if (isServiceError(error) && error.status === 409) {
      return {
        errors: { externalRef: ['Another customer already has this reference.'] },
        message: 'A customer with this reference already exists.',
        existingHref: await customerWithReference(client, request.externalRef),
        values,
        idempotencyKey: crypto.randomUUID(),
      };
    }
    if (isServiceError(error) && error.status === 404) {
      return { errors: { subMerchantId: ['This sub-merchant no longer exists. Choose another.'] }, values, idempotencyKey: crypto.randomUUID() };
    }
    throw error;
  }
  redirect(`/customers/${customerId}`);
}

export type ProvisionCustomerAccountState = FormState;

/**
 * Gives the customer its own account number. The service answers the same account to a second
 * request, so a double click or a retry is harmless; the key makes a retried request a replay.
 */
export async function provisionCustomerAccount(_previous: ProvisionCustomerAccountState, formData: FormData): Promise<ProvisionCustomerAccountState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot provision accounts.' };
  const parsed = z.object({ customerId: z.uuid(), idempotencyKey: z.uuid() }).safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { message: 'This form is out of date. Reload the page and try again.' };
  const { customerId, idempotencyKey } = parsed.data;
  try {
    await portalClient(session).call(customerRoutes.provisionAccount, {
      params: { customerId },
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  } catch (error) {
    const refused = refusalState(error, [], {});
    if (refused) return { message: refused.message };
    if (isServiceError(error) && error.status === 404) return { message: 'This customer no longer exists.' };
    throw error;
  }
  redirect(`/customers/${customerId}`);
}
