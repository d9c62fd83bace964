'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { refusalState, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { accountRoutes } from '@/lib/accounts/routes';
import { provisionablePurposes } from '@/lib/accounts/schemas';
import type { ServiceClient } from '@/lib/client';
import { merchantRoutes } from '@/lib/merchants/routes';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';

const fields = ['purpose', 'subMerchantId', 'currency', 'accountName'] as const;
type Field = (typeof fields)[number];
export type ProvisionAccountState = CreateFormState<Field>;

const optionalText = z
  .string()
  .optional()
  .transform((text) => text?.trim() || undefined);

const provisionForm = z
  .object({
    purpose: z.enum(provisionablePurposes, { error: 'Choose the kind of account to open.' }),
    subMerchantId: optionalText.pipe(z.uuid('Choose a sub-merchant from the list.').optional()),
    currency: optionalText,
    accountName: optionalText.pipe(z.string().max(100, 'Keep the name to 100 characters or fewer.').optional()),
    idempotencyKey: z.uuid(),
  })
  .superRefine((form, context) => {
    if (form.purpose === 'CURRENCY' && !form.currency) {
      context.addIssue({ code: 'custom', path: ['currency'], message: 'Choose the currency this account collects.' });
    }
  });

/** The account that made the service answer 409: one per sub-merchant (or none), purpose and currency. */
async function existingAccountHref(client: ServiceClient, request: { purpose: string; subMerchantId?: string; currency?: string }) {
  try {
    const currency = request.currency ?? (await client.call(merchantRoutes.me)).defaultCurrency;
    const accounts = await client.call(accountRoutes.list, {
      query: { purpose: request.purpose as (typeof provisionablePurposes)[number], currency, limit: 200 },
    });
    const match = accounts.find((account) =>
      request.subMerchantId
        ? account.ownerType === 'SUB_MERCHANT' && account.ownerId === request.subMerchantId
        : account.ownerType === 'MERCHANT',
    );
    return match && `/accounts/${match.id}`;
  } catch {
    // The message stands without its link.
    return undefined;
  }
}

/** Opens a BRAND, SUBSCRIBER or CURRENCY account, then shows it. */
export async function provisionAccount(_previous: ProvisionAccountState, formData: FormData): Promise<ProvisionAccountState> {
  const session = await requireSession();
  const values = typedValues(formData, fields);
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot open accounts.', values };

  const parsed = provisionForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    if (fieldErrors.idempotencyKey) return { message: 'This form is out of date. Reload the page and try again.', values };
    return { errors: fieldErrors, message: 'Check the highlighted fields.', values };
  }
  const { idempotencyKey, ...form } = parsed.data;
  // A scoped user always provisions for its own sub-merchant; the service enforces it as well.
  const request = {
    purpose: form.purpose,
    subMerchantId: session.user.subMerchantId ?? form.subMerchantId,
    currency: form.purpose === 'CURRENCY' ? form.currency : undefined,
    accountName: form.accountName,
  };

  const client = portalClient(session);
  let accountId: string;
  try {
    accountId = (await client.call(accountRoutes.provision, { json: request, headers: { 'Idempotency-Key': idempotencyKey } })).id;
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
