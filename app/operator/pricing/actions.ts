'use server';

import { z } from 'zod';
import { operatorRoutes } from '@/lib/operator/routes';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { operatorWrite, textValues, type OperatorFormState } from '@/lib/portal/operator-action';

/** Approve (a platform administrator who did not ask) or reject (any, the asker included) one pending change. */
export async function decideChange(_previous: OperatorFormState, formData: FormData): Promise<OperatorFormState> {
  assertSubmittedForm(formData);
  const values = textValues(formData, ['changeId', 'decision', 'note']);
  const id = z.uuid().safeParse(values.changeId);
  const decision = z.enum(['approve', 'reject']).safeParse(values.decision);
  if (!id.success || !decision.success) return { message: 'This page is out of date. Reload it and try again.' };
  return operatorWrite({ note: values.note! }, ['/operator/pricing', '/operator/collection-accounts'], async (client) => {
    const route = decision.data === 'approve' ? operatorRoutes.approveChange : operatorRoutes.rejectChange;
    await client.call(route, { params: { id: id.data }, json: values.note ? { note: values.note } : {} });
    return { ok: true, message: decision.data === 'approve' ? 'Approved: it applies from now on.' : 'Rejected.' };
  });
}
