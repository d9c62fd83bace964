'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { UpdateWebhookEndpointRequest } from '@/lib/webhooks/schemas';

const fields = ['url', 'description', 'eventTypes'] as const;
type Field = (typeof fields)[number];
export type EditEndpointState = CreateFormState<Field> & { eventTypes?: string[] };

const endpointForm = z.object({ url: z.string().min(1, 'Enter the address to send webhooks to, such as https://example.com/webhooks.') });

/** Changes an endpoint's URL, description and events (PATCH); the secret stays. */
export async function editEndpoint(_previous: EditEndpointState, formData: FormData): Promise<EditEndpointState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, ['url', 'description'] as const);
  const eventTypes = formData.getAll('eventTypes').filter((type): type is string => typeof type === 'string');
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot change webhook endpoints.', values, eventTypes };
  const endpointId = z.uuid().safeParse(formData.get('endpointId'));
  if (!endpointId.success) return { message: 'This form is out of date. Reload the page and try again.', values, eventTypes };

  const form = trimmed(['url', 'description'] as const, values);
  // None ticked means every type, including types added later: null to the API.
  const request = { url: form.url, description: form.description, eventTypes: eventTypes.length > 0 ? eventTypes : null };
  const parsed = UpdateWebhookEndpointRequest.safeParse(request);
  const errors = firstErrors(fields, endpointForm.safeParse(form), parsed);
  if (errors || !parsed.success) return { errors, message: 'Check the highlighted fields.', values, eventTypes };

  try {
    await portalClient(session).call(webhookEndpointRoutes.update, { params: { endpointId: endpointId.data }, json: parsed.data });
  } catch (error) {
    const refused = refusalState<Field>(error, fields, values);
    if (refused) return { ...refused, eventTypes };
    if (isServiceError(error) && error.status === 409) return { message: error.detail ?? 'This endpoint is deactivated.', values, eventTypes };
    if (isServiceError(error) && error.status === 404) return { message: 'This endpoint no longer exists.', values, eventTypes };
    throw error;
  }
  redirect(`/webhooks/${endpointId.data}`);
}
