'use server';

import { redirect, unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { accountRoutes } from '@/lib/accounts/routes';
import { ProvisionAccountRequest, provisionablePurposes } from '@/lib/accounts/schemas';
import type { ServiceClient } from '@/lib/client';
import { merchantRoutes } from '@/lib/merchants/routes';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { assertSubmittedForm } from '@/lib/portal/forms';

const fields = ['purpose', 'subMerchantId', 'currency', 'accountName'] as const;
type Field = (typeof fields)[number];
export type ProvisionAccountState = CreateFormState<Field>;

/** What the portal checks itself, in its own words; the service's schema checks the rest. */
const provisionForm = z
  .object({
    purpose: z.enum(provisionablePurposes, { error: 'Choose the kind of account to open.' }),
    currency: z.string(),
    accountName: z.string().max(100, 'Keep the name to 100 characters or fewer.'),
  })
  .refine((form) => form.purpose !== 'CURRENCY' || form.currency, { path: ['currency'], message: 'Choose the currency this account collects.' });

type ProvisionRequest = { purpose: (typeof provisionablePurposes)[number]; subMerchantId?: string; currency?: string; accountName?: string };

/** The request the form stands for. A scoped user always provisions for its own sub-merchant; the service enforces it as well. */
const provisionRequest = (form: Record<Field, string>, scopedTo: string | null): ProvisionRequest => ({
  purpose: form.purpose as ProvisionRequest['purpose'],
  subMerchantId: scopedTo ?? (form.subMerchantId || undefined),
  currency: form.purpose === 'CURRENCY' ? form.currency || undefined : undefined,
  accountName: form.accountName || undefined,
});

/** The account that made the service answer 409: one per sub-merchant (or none), purpose and currency. */
async function existingAccountHref(client: ServiceClient, request: ProvisionRequest) {
  try {
    const currency = request.currency ?? (await client.call(merchantRoutes.me)).defaultCurrency;
    const accounts = await client.call(accountRoutes.list, {
      query: { purpose: request.purpose, currency, limit: 200 },
    });
    const match = accounts.find((account) =>
      request.subMerchantId
        ? account.ownerType === 'SUB_MERCHANT' && account.ownerId === request.subMerchantId
        : account.ownerType === 'MERCHANT',
    );
    return match && `/accounts/${match.id}`;
  } catch (error) {
    unstable_rethrow(error);
    // The message stands without its link.
    return undefined;
  }
}

/** Opens a BRAND, SUBSCRIBER or CURRENCY account, then shows it. */
export async function provisionAccount(_previous: ProvisionAccountState, formData: FormData): Promise<ProvisionAccountState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, fields);
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot open accounts.', values };

  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!idempotencyKey.success) return { message: 'This form is out of date. Reload the page and try again.', values };

  const form = trimmed(fields, values);
  const request = provisionRequest(form, session.user.subMerchantId);
  const errors = firstErrors(fields, provisionForm.safeParse(form), ProvisionAccountRequest.safeParse(request));
  if (errors) return { errors, message: 'Check the highlighted fields.', values };

  const client = portalClient(session);
  let accountId: string;
  try {
    accountId = (await client.call(accountRoutes.provision, { json: request, headers: { 'Idempotency-Key': idempotencyKey.data } })).id;
  } catch (error) {
    const refused = refusalState(error, fields, values);
    if (refused) return refused;
    if (isServiceError(error) && error.status === 409) {
      return {
        message: 'An account like this already exists: there is one of each kind per sub-merchant and currency.',
        existingHref: await existingAccountHref(client, request),
        values,
        idempotencyKey: crypto.randomUUID(),
      };
    }
    if (isServiceError(error) && error.status === 404) {
      return { errors: { subMerchantId: ['This sub-merchant no longer exists. Choose another.'] }, values, idempotencyKey: crypto.randomUUID() };
    }
    throw error;
  }
  redirect(`/accounts/${accountId}`);
}
