'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { InlineActionState } from '@/components/team/inline-action';
import { siteOrigin } from '@/app/pay/links';
import { NOT_ADMIN, refusalMessage, requireAdminSession } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { portalClient } from '@/lib/portal/session';
import { teamRoutes } from '@/lib/team/routes';
import { InviteRequest } from '@/lib/team/schemas';

/** The service builds links from PUBLIC_URL or the address the portal called it at; show them at the address the admin uses. */
const onThisSite = async (url: string) => new URL(new URL(url).pathname, await siteOrigin()).toString();

const OUT_OF_DATE = 'This page is out of date. Reload it and try again.';
type InviteField = 'email' | 'role' | 'subMerchantId';

/** `created.inviteUrl` is the one-time link: shown in this answer only. */
export type InviteState = FormState<InviteField> & { created?: { email: string; inviteUrl: string; emailed: boolean } };

export async function inviteUser(_previous: InviteState, formData: FormData): Promise<InviteState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  const values = { email: String(formData.get('email') ?? '').slice(0, 254), role: String(formData.get('role') ?? ''), subMerchantId: String(formData.get('subMerchantId') ?? '') };
  if (!session) return { message: NOT_ADMIN, values };
  const parsed = InviteRequest.safeParse({ email: values.email.trim(), role: values.role, subMerchantId: values.subMerchantId || null });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors as InviteState['errors'];
    if (errors?.email) errors.email = ['Enter an email address like name@example.com.'];
    return { errors, message: 'Check the highlighted fields.', values };
  }
  try {
    const created = await portalClient(session).call(teamRoutes.invite, { json: parsed.data });
    revalidatePath('/team');
    return { created: { email: created.email, inviteUrl: await onThisSite(created.inviteUrl), emailed: created.emailed } };
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { errors: error.fieldErrors() as InviteState['errors'], message: error.detail ?? 'Check the highlighted fields.', values };
    return { message: refusalMessage(error), values };
  }
}

const idOf = (formData: FormData, name: string) => z.uuid().safeParse(formData.get(name));

/** One admin change to one user or invitation, answered in place. */
async function change(formData: FormData, idField: string, run: (client: ReturnType<typeof portalClient>, id: string) => Promise<InlineActionState>): Promise<InlineActionState> {
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const id = idOf(formData, idField);
  if (!id.success) return { message: OUT_OF_DATE };
  try {
    const state = await run(portalClient(session), id.data);
    revalidatePath('/team');
    return state;
  } catch (error) {
    return { message: refusalMessage(error) };
  }
}

export async function changeRole(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  const role = z.enum(['MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT']).safeParse(formData.get('role'));
  const sub = String(formData.get('subMerchantId') ?? '');
  if (!role.success) return { message: 'Choose a role.' };
  return change(formData, 'userId', async (client, userId) => {
    await client.call(teamRoutes.change, { params: { userId }, json: { role: role.data, subMerchantId: sub ? sub : null } });
    return { ok: true, message: 'Saved. It applies from their next click.' };
  });
}

export async function disableUser(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return change(formData, 'userId', async (client, userId) => {
    await client.call(teamRoutes.disable, { params: { userId } });
    return { ok: true, message: 'Disabled; their sessions have ended.' };
  });
}

export async function enableUser(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return change(formData, 'userId', async (client, userId) => {
    await client.call(teamRoutes.enable, { params: { userId } });
    return { ok: true, message: 'Enabled.' };
  });
}

export async function issuePasswordReset(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return change(formData, 'userId', async (client, userId) => {
    const link = await client.call(teamRoutes.passwordReset, { params: { userId } });
    return {
      ok: true,
      message: link.emailed ? 'Emailed. You can also hand on this link (once, within 24 hours):' : 'Hand on this link (it works once, within 24 hours; it is not shown again):',
      link: { label: 'Password-reset link', url: await onThisSite(link.resetUrl) },
    };
  });
}

export async function revokeInvitation(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return change(formData, 'invitationId', async (client, invitationId) => {
    await client.call(teamRoutes.revokeInvitation, { params: { invitationId } });
    return { ok: true, message: 'Withdrawn; the link no longer works.' };
  });
}

export async function setRequireMfa(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const requireMfa = formData.get('requireMfa') === 'true';
  try {
    await portalClient(session).call(teamRoutes.setPolicy, { json: { requireMfa } });
  } catch (error) {
    return { message: refusalMessage(error) };
  }
  revalidatePath('/team');
  return { ok: true, message: requireMfa ? 'Two-factor sign-in is now required.' : 'Two-factor sign-in is now optional.' };
}
