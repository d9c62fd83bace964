'use server';

import { operatorRoutes } from '@/lib/operator/routes';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { operatorWrite, textValues, type OperatorFormState } from '@/lib/portal/operator-action';

export async function setCollectionAccount(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  const values = textValues(formData, ['currency', 'accountNumber', 'bankName', 'branch', 'reason']);
  if (!/^[A-Z]{3}$/.test(values.currency!)) return { message: 'This page is out of date. Reload it and try again.' };
  return operatorWrite(values, ['/operator/collection-accounts', '/operator/pricing'], async (client) => {
    const change = await client.call(operatorRoutes.setCollectionAccount, {
      params: { currency: values.currency! },
      json: { accountNumber: values.accountNumber!, bankName: values.bankName!, branch: values.branch!, reason: values.reason! },
    });
    return { ok: true, message: change.status === 'APPLIED' ? 'Saved: statement imports read this account from now on.' : 'Money already went through this account: a second platform administrator must approve the change under Pricing approvals.' };
  });
}
