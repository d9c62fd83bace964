'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { InlineActionState } from '@/components/team/inline-action';
import { firstErrors, trimmed, typedValues } from '@/components/ui/form-state';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { NOT_ADMIN, refusalMessage, requireAdminSession } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { portalClient, type PortalSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { CreateSettlementAccountRequest, SettlementScheduleRequest } from '@/lib/settlement/schemas';
import { accountFields, type AccountField, type AccountFormState, type ScheduleFormState } from './form-fields';

const CODE_NEEDED = 'Type the current code from your authenticator app: changing where you are paid needs it.';
const CODE_WRONG = 'That code is not right or was already used; type the one your app shows now.';

/** Whether this admin has two factors on: then a sensitive change carries a current code. */
async function hasTwoFactors(session: PortalSession): Promise<boolean> {
  return (await portalClient(session).call(mfaRoutes.status)).enabled;
}

/** The second-factor refusals, on the code field; null for anything else. */
function codeRefusal(error: unknown): string | null {
  if (!isServiceError(error)) return null;
  if (error.code === 'mfa_code_required') return CODE_NEEDED;
  if (error.code === 'invalid_mfa_code') return CODE_WRONG;
  return null;
}

/** The request the form describes: only the fields of its kind, empty optional ones left out. */
function accountRequest(form: Record<AccountField, string>) {
  const common = { currency: form.kind === 'BANK' ? form.currency : 'KES', accountName: form.accountName, subMerchantId: form.subMerchantId || undefined, code: form.code || undefined };
  if (form.kind === 'MPESA') return { kind: 'MPESA' as const, ...common, phone: form.phone };
  if (form.kind === 'PAYBILL') return { kind: 'PAYBILL' as const, ...common, paybill: form.paybill, accountReference: form.accountReference };
  return { kind: form.kind as 'BANK', ...common, bankName: form.bankName, bankCode: form.bankCode, branchCode: form.branchCode || undefined, accountNumber: form.accountNumber };
}

/** Adds the account settlements of its currency (and bucket) are paid to; it replaces the active one. */
export async function addSettlementAccount(_previous: AccountFormState, formData: FormData): Promise<AccountFormState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  const values = typedValues(formData, accountFields);
  delete values.code; // never shown again
  if (!session) return { message: NOT_ADMIN, values };
  const form = trimmed(accountFields, typedValues(formData, accountFields));
  const request = accountRequest(form);
  const errors = firstErrors(accountFields, CreateSettlementAccountRequest.safeParse(request)) ?? {};
  if (!form.code && (await hasTwoFactors(session))) errors.code = [CODE_NEEDED];
  if (Object.keys(errors).length > 0) return { errors, message: 'Check the highlighted fields.', values };
  try {
    await portalClient(session).call(settlementRoutes.createAccount, { json: request as z.input<typeof CreateSettlementAccountRequest> });
  } catch (error) {
    const code = codeRefusal(error);
    if (code) return { errors: { code: [code] }, message: 'Check the highlighted fields.', values };
    if (isServiceError(error) && error.status === 422) {
      const byField = error.fieldErrors();
      const fieldErrors = Object.fromEntries(Object.entries(byField).map(([path, messages]) => [path.split('.').at(-1)!, messages]));
      return { errors: fieldErrors as AccountFormState['errors'], message: error.detail ?? 'Check the highlighted fields.', values };
    }
    return { message: refusalMessage(error), values };
  }
  revalidatePath('/settlements', 'layout');
  return { ok: true, message: 'Saved. Settlements in this currency are now paid to this account.' };
}

/** Disables one account; settlements already made still go to it. */
export async function disableSettlementAccount(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const settlementAccountId = z.uuid().safeParse(formData.get('settlementAccountId'));
  if (!settlementAccountId.success) return { message: 'This page is out of date. Reload it and try again.' };
  const code = String(formData.get('code') ?? '').trim();
  if (!code && (await hasTwoFactors(session))) return { message: CODE_NEEDED };
  try {
    await portalClient(session).call(settlementRoutes.disableAccount, { params: { settlementAccountId: settlementAccountId.data }, json: { code: code || undefined } });
  } catch (error) {
    return { message: codeRefusal(error) ?? refusalMessage(error) };
  }
  revalidatePath('/settlements', 'layout');
  return { ok: true, message: 'Disabled. Nothing is paid out in its currency until another account is added.' };
}

const optionalNumber = (text: string) => (text ? Number(text) : null);

/** The whole schedule, replaced; minimum amounts per currency (`minimum.KES`), empty meaning none. */
export async function saveSchedule(_previous: ScheduleFormState, formData: FormData): Promise<ScheduleFormState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) if (typeof value === 'string' && !name.startsWith('$')) values[name] = value.slice(0, 100);
  if (!session) return { message: NOT_ADMIN, values };
  const minimumAmount: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const currency = /^minimum\.([A-Z]{3})$/.exec(name)?.[1];
    const amount = value.replace(/[,\s]/g, '');
    if (currency && amount) minimumAmount[currency] = amount;
  }
  const request = {
    interval: values.interval as 'DAILY',
    weeklyDay: values.interval === 'WEEKLY' ? optionalNumber(values.weeklyDay ?? '') : null,
    monthlyDay: values.interval === 'MONTHLY' ? optionalNumber(values.monthlyDay ?? '') : null,
    delayDays: Number(values.delayDays ?? '1'),
    minimumAmount,
  };
  const parsed = SettlementScheduleRequest.safeParse(request);
  if (!parsed.success) return { errors: scheduleErrors(parsed.error.issues), message: 'Check the highlighted fields.', values };
  try {
    await portalClient(session).call(settlementRoutes.putSchedule, { json: request });
  } catch (error) {
    if (isServiceError(error) && error.status === 422) {
      const errors: Record<string, string[]> = {};
      for (const { path, message } of error.errors ?? []) (errors[path.replace(/^body\./, '')] ??= []).push(message);
      return { errors, message: error.detail ?? 'Check the highlighted fields.', values };
    }
    return { message: refusalMessage(error), values };
  }
  revalidatePath('/settlements', 'layout');
  return { ok: true, message: 'Saved. It applies from the next run.' };
}

/** Issue paths onto the form's names: `minimumAmount.KES` is the `minimum.KES` field. */
function scheduleErrors(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    const name = first === 'minimumAmount' && second ? `minimum.${second}` : (first ?? 'interval');
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}
