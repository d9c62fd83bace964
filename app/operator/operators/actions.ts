'use server';

import { siteOrigin } from '@/app/pay/links';
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
