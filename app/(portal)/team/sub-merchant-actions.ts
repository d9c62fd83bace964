'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { merchantRoutes } from '@/lib/merchants/routes';
import { NOT_ADMIN, refusalMessage, requireAdminSession } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { portalClient } from '@/lib/portal/session';

/** One name field, for creating and for renaming; `ok` says the change was saved. */
export type SubMerchantState = FormState<'name'> & { ok?: boolean };

const NAME = z.string().trim().min(1, 'Enter a name, such as Westlands branch.').max(100, 'At most 100 characters.');

/** The typed name, checked as the service checks it, or the state to answer with. */
function nameOf(formData: FormData): { name: string } | { state: SubMerchantState } {
  const typed = String(formData.get('name') ?? '').slice(0, 200);
  const parsed = NAME.safeParse(typed);
  return parsed.success ? { name: parsed.data } : { state: { errors: { name: parsed.error.issues.map((issue) => issue.message) }, message: 'Check the name.', values: { name: typed } } };
}

/** The service's answer to a refused name (409 a duplicate, 422 a name it will not take) on the field. */
function refused(error: unknown, typed: string): SubMerchantState {
  if (isServiceError(error) && (error.status === 409 || error.status === 422)) {
    const detail = error.detail ?? 'Choose another name.';
    return { errors: { name: [detail] }, message: detail, values: { name: typed } };
  }
  return { message: refusalMessage(error), values: { name: typed } };
}

export async function createSubMerchant(_previous: SubMerchantState, formData: FormData): Promise<SubMerchantState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const typed = nameOf(formData);
  if ('state' in typed) return typed.state;
  try {
    const created = await portalClient(session).call(merchantRoutes.createSubMerchant, { json: { name: typed.name } });
    revalidatePath('/team');
    return { ok: true, message: `${created.name} created. Invite people or open accounts for it.` };
  } catch (error) {
    return refused(error, typed.name);
  }
}

export async function renameSubMerchant(_previous: SubMerchantState, formData: FormData): Promise<SubMerchantState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const id = z.uuid().safeParse(formData.get('subMerchantId'));
  if (!id.success) return { message: 'This page is out of date. Reload it and try again.' };
  const typed = nameOf(formData);
  if ('state' in typed) return typed.state;
  try {
    const renamed = await portalClient(session).call(merchantRoutes.renameSubMerchant, { params: { subMerchantId: id.data }, json: { name: typed.name } });
    revalidatePath('/', 'layout');
    return { ok: true, message: `Renamed ${renamed.name}.`, values: { name: renamed.name } };
  } catch (error) {
    return refused(error, typed.name);
  }
}
