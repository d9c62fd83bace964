'use server';

import { redirect } from 'next/navigation';
import type { PayoutFormState } from '@/components/operator/desk/payout-forms';
import { operatorPayoutRoutes } from '@/lib/operator/payouts/routes';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';

const READ_ONLY = 'Platform support has read-only access; a platform administrator exports and imports payout files.';
/** What the API takes in one body; a pain.002 is a line or two per transfer, far below it. */
const MAX_REPORT_BYTES = 1_000_000;

async function administrator() {
  const session = await requireOperatorSession();
  return isPlatformAdmin(session.user) ? operatorClient(session) : null;
}

/** Every PENDING bank settlement into one pain.001 file (POST /operator/payouts/export). */
export async function exportPayouts(_previous: PayoutFormState, formData: FormData): Promise<PayoutFormState> {
  assertSubmittedForm(formData);
  const client = await administrator();
  if (!client) return { message: READ_ONLY };
  const { batch } = await client.call(operatorPayoutRoutes.export, { json: {} });
  if (!batch) return { message: 'No bank settlement is waiting: no file was made.' };
  redirect(`/operator/payouts?done=exported&batch=${batch.id}`);
}

/** The bank's pain.002 status report, uploaded (POST /operator/payouts/status-reports). */
export async function importStatusReport(_previous: PayoutFormState, formData: FormData): Promise<PayoutFormState> {
  assertSubmittedForm(formData);
  const client = await administrator();
  if (!client) return { message: READ_ONLY };
  const file = formData.get('file');
  if (!(file instanceof File) || file.size === 0) return { errors: { file: ['Choose the bank\'s status report (a pain.002 XML file).'] } };
  if (file.size > MAX_REPORT_BYTES) return { errors: { file: ['This file is larger than 1 MB; a status report is much smaller. Check it is the right file.'] } };
  try {
    const outcome = await client.call(operatorPayoutRoutes.importStatus, { json: { fileName: file.name.slice(0, 200), xml: await file.text() } });
    redirect(`/operator/payouts?done=imported&paid=${outcome.paid.length}&failed=${outcome.failed.length}&pending=${outcome.pending.length}&unknown=${outcome.unknown.length}`);
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { errors: { file: [error.detail ?? 'The file could not be read; nothing was changed.'] } };
    throw error;
  }
}
