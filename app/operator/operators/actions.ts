'use server';

import { z } from 'zod';
import { siteOrigin } from '@/app/pay/links';
import type { InlineActionState } from '@/components/team/inline-action';
import type { ServiceClient } from '@/lib/client';
import { operatorRoutes } from '@/lib/operator/routes';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { operatorWrite, textValues, type OperatorFormState } from '@/lib/portal/operator-action';

export async function inviteOperator(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  const values = textValues(formData, ['email', 'firstName', 'lastName', 'role']);
  return operatorWrite(values, ['/operator/operators'], async (client) => {
    const invited = await client.call(operatorRoutes.inviteOperator, {
      json: { email: values.email!, firstName: values.firstName!, lastName: values.lastName!, role: values.role === 'PLATFORM_SUPPORT' ? 'PLATFORM_SUPPORT' : 'PLATFORM_ADMIN' },
    });
    const url = new URL(new URL(invited.invitation.url).pathname, await siteOrigin()).toString();
    return {
      ok: true,
      message: `${invited.email} is invited as ${invited.role}. They set up two-factor sign-in before anything else.`,
      link: { label: `Invitation for ${invited.email}`, url, note: `${invited.invitation.emailed ? 'We emailed it too. ' : ''}It works once, for 7 days, and is not shown again.` },
    };
  });
}

const OUT_OF_DATE = 'This page is out of date. Reload it and try again.';

/**
 * Disable or enable another operator, or withdraw an invitation: one confirmed button each
 * (ConfirmAction, as on the merchant's Team page), answered in place.
 */
async function operatorChange(formData: FormData, run: (client: ServiceClient, id: string) => Promise<OperatorFormState>): Promise<InlineActionState> {
  const id = z.uuid().safeParse(formData.get('id'));
  if (!id.success) return { message: OUT_OF_DATE };
  const state = await operatorWrite({}, ['/operator/operators'], (client) => run(client, id.data));
  return { ok: state.ok, message: state.message };
}

export async function disableOperator(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return operatorChange(formData, async (client, id) => {
    await client.call(operatorRoutes.disableOperator, { params: { id }, json: {} });
    return { ok: true, message: 'Disabled; their sessions have ended.' };
  });
}

export async function enableOperator(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return operatorChange(formData, async (client, id) => {
    await client.call(operatorRoutes.enableOperator, { params: { id }, json: {} });
    return { ok: true, message: 'Enabled.' };
  });
}

export async function withdrawOperatorInvitation(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  return operatorChange(formData, async (client, id) => {
    await client.call(operatorRoutes.withdrawOperatorInvitation, { params: { id } });
    return { ok: true, message: 'Withdrawn; the link no longer works.' };
  });
}
