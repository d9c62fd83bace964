'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { refusalMessage } from '@/lib/portal/admin-action';
import { portalClient, requireSession } from '@/lib/portal/session';
import { teamRoutes } from '@/lib/team/routes';

export type PasswordState = FormState<'currentPassword' | 'newPassword'> & { ok?: boolean };

/** Never echoes a password back: `values` stays empty. */
export async function changePassword(_previous: PasswordState, formData: FormData): Promise<PasswordState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const currentPassword = String(formData.get('currentPassword') ?? '');
  const newPassword = String(formData.get('newPassword') ?? '');
  const errors: PasswordState['errors'] = {};
  if (!currentPassword) errors.currentPassword = ['Enter your current password.'];
  if (newPassword.length < 8) errors.newPassword = ['Use at least 8 characters.'];
  if (newPassword.length > 1024) errors.newPassword = ['That password is too long.'];
  if (Object.keys(errors).length > 0) return { errors, message: 'Check the highlighted fields.' };
  try {
    await portalClient(session).call(teamRoutes.changePassword, { json: { currentPassword, newPassword } });
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { errors: error.fieldErrors() as PasswordState['errors'], message: 'Check the highlighted fields.' };
    return { message: refusalMessage(error) };
  }
  return { ok: true, message: 'Password changed. Your other sessions have been signed out.' };
}

/** Enrolment in two steps; the secret and QR code live in this state only until confirmed. */
export type MfaState = FormState<'code'> & {
  step?: 'scan' | 'done' | 'off';
  enrolment?: { secret: string; qrCodeSvg: string };
  recoveryCodes?: string[];
};

export async function startMfa(_previous: MfaState): Promise<MfaState> {
  const session = await requireSession();
  try {
    const enrolment = await portalClient(session).call(mfaRoutes.start);
    return { step: 'scan', enrolment: { secret: enrolment.secret, qrCodeSvg: enrolment.qrCodeSvg } };
  } catch (error) {
    return { message: refusalMessage(error) };
  }
}

const codeSchema = z.string().trim().min(6, 'Type the 6-digit code your app shows.').max(20);

export async function confirmMfa(previous: MfaState, formData: FormData): Promise<MfaState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const code = codeSchema.safeParse(formData.get('code'));
  if (!code.success) return { ...previous, errors: { code: [code.error.issues[0]!.message] } };
  try {
    const { recoveryCodes } = await portalClient(session).call(mfaRoutes.confirm, { json: { code: code.data } });
    revalidatePath('/account');
    return { step: 'done', recoveryCodes };
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { ...previous, errors: { code: ['That code is not right. Type the one your app shows now.'] }, message: undefined };
    return { ...previous, message: refusalMessage(error) };
  }
}

export async function disableMfa(_previous: MfaState, formData: FormData): Promise<MfaState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const code = codeSchema.safeParse(formData.get('code'));
  if (!code.success) return { errors: { code: [code.error.issues[0]!.message] } };
  try {
    await portalClient(session).call(mfaRoutes.disable, { json: { code: code.data } });
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { errors: { code: ['That code is not right.'] } };
    return { message: refusalMessage(error) };
  }
  revalidatePath('/account');
  return { step: 'off', message: 'Two-factor sign-in is off.' };
}
