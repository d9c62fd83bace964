'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm, type FormState } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { CreateWebhookEndpointRequest } from '@/lib/webhooks/schemas';

const fields = ['url', 'description', 'eventTypes'] as const;
type Field = (typeof fields)[number];

/**
 * `created` carries the signing secret: it exists only in this one answer, is rendered once in
 * place of the form, and is never put in `values`, an address or a cookie.
 */
export type CreateEndpointState = CreateFormState<Field> & {
  eventTypes?: string[];
  created?: { id: string; url: string; secret: string };
};

const OUT_OF_DATE = 'This form is out of date. Reload the page and try again.';
const endpointForm = z.object({ url: z.string().min(1, 'Enter the address to send webhooks to, such as https://example.com/webhooks.') });

/** Registers an endpoint and shows its secret, this once. */
export async function createEndpoint(_previous: CreateEndpointState, formData: FormData): Promise<CreateEndpointState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, ['url', 'description'] as const);
  const eventTypes = formData.getAll('eventTypes').filter((type): type is string => typeof type === 'string');
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot add webhook endpoints.', values, eventTypes };
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!idempotencyKey.success) return { message: OUT_OF_DATE, values, eventTypes };

  const form = trimmed(['url', 'description'] as const, values);
  // None ticked means every type, including types added later.
  const request = { url: form.url, description: form.description, eventTypes: eventTypes.length > 0 ? eventTypes : undefined };
  const parsed = CreateWebhookEndpointRequest.safeParse(request);
  const errors = firstErrors(fields, endpointForm.safeParse(form), parsed);
  if (errors || !parsed.success) return { errors, message: 'Check the highlighted fields.', values, eventTypes };

  try {
    const created = await portalClient(session).call(webhookEndpointRoutes.create, {
      json: parsed.data,
      headers: { 'Idempotency-Key': idempotencyKey.data },
    });
    revalidatePath('/webhooks');
    return { created: { id: created.id, url: created.url, secret: created.secret ?? '' } };
  } catch (error) {
    const refused = refusalState<Field>(error, fields, values);
    if (refused) return { ...refused, eventTypes };
    // 409: the limit of active endpoints; the service's sentence says so.
    if (isServiceError(error) && (error.status === 409 || error.status === 404)) {
      return { message: error.detail ?? error.title, values, eventTypes, idempotencyKey: crypto.randomUUID() };
    }
    throw error;
  }
}

/** The sentence for a refusal of a change to an existing endpoint. */
function changeRefusal(error: unknown, gone: string): string {
  const refused = refusalState(error, [], {});
  if (refused?.message) return refused.message;
  if (isServiceError(error) && error.status === 404) return gone;
  if (isServiceError(error) && error.status === 409) return error.detail ?? 'This endpoint is deactivated.';
  throw error;
}

const endpointIdOf = (formData: FormData) => z.uuid().safeParse(formData.get('endpointId'));

export type DeactivateEndpointState = FormState;

/** Stops deliveries to an endpoint. The service answers a deactivated endpoint again, so a repeat or a stale page is harmless. */
export async function deactivateEndpoint(_previous: DeactivateEndpointState, formData: FormData): Promise<DeactivateEndpointState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot deactivate endpoints.' };
  const endpointId = endpointIdOf(formData);
  if (!endpointId.success) return { message: OUT_OF_DATE };
  try {
    await portalClient(session).call(webhookEndpointRoutes.deactivate, { params: { endpointId: endpointId.data } });
  } catch (error) {
    return { message: changeRefusal(error, 'This endpoint no longer exists.') };
  }
  revalidatePath('/webhooks');
  redirect(`/webhooks/${endpointId.data}`);
}

/** `secret` is the new signing secret, in this one answer only. */
export type RotateSecretState = FormState & { secret?: string; idempotencyKey?: string };

export async function rotateSecret(_previous: RotateSecretState, formData: FormData): Promise<RotateSecretState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot rotate secrets.' };
  const endpointId = endpointIdOf(formData);
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!endpointId.success || !idempotencyKey.success) return { message: OUT_OF_DATE };
  try {
    const rotated = await portalClient(session).call(webhookEndpointRoutes.rotateSecret, {
      params: { endpointId: endpointId.data },
      headers: { 'Idempotency-Key': idempotencyKey.data },
    });
    revalidatePath(`/webhooks/${endpointId.data}`);
    // A new key, so that rotating again from this page is a new rotation rather than a replay.
    return { secret: rotated.secret ?? '', idempotencyKey: crypto.randomUUID() };
  } catch (error) {
    return { message: changeRefusal(error, 'This endpoint no longer exists.'), idempotencyKey: crypto.randomUUID() };
  }
}

export type ActionNotice = FormState & { ok?: boolean; idempotencyKey?: string };

export async function sendTestEvent(_previous: ActionNotice, formData: FormData): Promise<ActionNotice> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot send test events.' };
  const endpointId = endpointIdOf(formData);
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!endpointId.success || !idempotencyKey.success) return { message: OUT_OF_DATE };
  try {
    await portalClient(session).call(webhookEndpointRoutes.test, {
      params: { endpointId: endpointId.data },
      headers: { 'Idempotency-Key': idempotencyKey.data },
    });
  } catch (error) {
    return { message: changeRefusal(error, 'This endpoint no longer exists.'), idempotencyKey: crypto.randomUUID() };
  }
  revalidatePath(`/webhooks/${endpointId.data}`);
  return { ok: true, message: 'Test event queued. Reload in a few seconds to see its delivery below.', idempotencyKey: crypto.randomUUID() };
}
