'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { refusalState } from '@/components/ui/form-state';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookDeliveryRoutes } from '@/lib/webhooks/delivery-routes';
import type { ActionNotice } from './actions';
import { assertSubmittedForm } from '@/lib/portal/forms';

const redeliverForm = z.object({ endpointId: z.uuid(), deliveryId: z.uuid(), idempotencyKey: z.uuid() });

/** One fresh attempt now (and the usual retries if it fails). The key made at render makes a double click one redelivery. */
export async function redeliver(_previous: ActionNotice, formData: FormData): Promise<ActionNotice> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot redeliver webhooks.' };
  const form = redeliverForm.safeParse(Object.fromEntries(['endpointId', 'deliveryId', 'idempotencyKey'].map((name) => [name, formData.get(name)])));
  if (!form.success) return { message: 'This form is out of date. Reload the page and try again.' };
  const { endpointId, deliveryId, idempotencyKey } = form.data;
  try {
    await portalClient(session).call(webhookDeliveryRoutes.redeliver, {
      params: { endpointId, deliveryId },
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  } catch (error) {
    const refused = refusalState(error, [], {});
    const message =
      refused?.message ??
      (isServiceError(error) && error.status === 409
        ? 'This endpoint is deactivated, so nothing can be sent to it.'
        : isServiceError(error) && error.status === 404
          ? 'This delivery no longer exists.'
          : undefined);
    if (!message) throw error;
    return { message, idempotencyKey: crypto.randomUUID() };
  }
  revalidatePath('/webhooks', 'layout');
  return { ok: true, message: 'Redelivery queued. Reload in a few seconds to see the attempt.', idempotencyKey: crypto.randomUUID() };
}
