'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { InlineActionState } from '@/components/team/inline-action';
import { apiKeyRoutes } from '@/lib/api-keys/routes';
import { CreateApiKeyRequest } from '@/lib/api-keys/schemas';
import { NOT_ADMIN, refusalMessage, requireAdminSession } from '@/lib/portal/admin-action';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { isServiceError } from '@/lib/portal/errors';
import { portalClient } from '@/lib/portal/session';

type Field = 'name' | 'role' | 'subMerchantId';

/** `created.secret` exists only in this answer: rendered once, never put in `values`, a URL or a cookie. */
export type CreateApiKeyState = FormState<Field> & { created?: { name: string; secret: string } };

export async function createApiKey(_previous: CreateApiKeyState, formData: FormData): Promise<CreateApiKeyState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  const values = { name: String(formData.get('name') ?? '').slice(0, 200), role: String(formData.get('role') ?? ''), subMerchantId: String(formData.get('subMerchantId') ?? '') };
  if (!session) return { message: NOT_ADMIN, values };
  const parsed = CreateApiKeyRequest.safeParse({ name: values.name, role: values.role, subMerchantId: values.subMerchantId || null });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as CreateApiKeyState['errors'];
    if (errors?.name) errors.name = ['Name the key after the integration that will use it (1 to 100 characters).'];
    return { errors, message: 'Check the highlighted fields.', values };
  }
  try {
    const created = await portalClient(session).call(apiKeyRoutes.create, { json: parsed.data });
    revalidatePath('/api-keys');
    return { created: { name: created.name, secret: created.secret } };
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { errors: error.fieldErrors() as CreateApiKeyState['errors'], message: 'Check the highlighted fields.', values };
    return { message: refusalMessage(error), values };
  }
}

export async function revokeApiKey(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const keyId = z.uuid().safeParse(formData.get('keyId'));
  if (!keyId.success) return { message: 'This page is out of date. Reload it and try again.' };
  try {
    await portalClient(session).call(apiKeyRoutes.revoke, { params: { keyId: keyId.data } });
  } catch (error) {
    return { message: refusalMessage(error) };
  }
  revalidatePath('/api-keys');
  return { ok: true, message: 'Revoked. Its tokens stop working at once.' };
}
