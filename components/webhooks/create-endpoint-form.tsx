'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { createEndpoint, type CreateEndpointState } from '@/app/(portal)/webhooks/actions';
import { SecretReveal } from './secret-reveal';
import { eventTypeText, subscribableEventTypes } from './words';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

/** Registers an endpoint; once registered, the form gives way to its secret, shown this once. */
export function CreateEndpointForm({ idempotencyKey }: { idempotencyKey: string }) {
  const [state, formAction] = useActionState<CreateEndpointState, FormData>(createEndpoint, {});
  if (state.created) {
    return (
      <SecretReveal secret={state.created.secret} title="Endpoint added">
        <p>
          Webhooks now go to <span className="font-mono break-all">{state.created.url}</span>.{' '}
          <Link href={`/webhooks/${state.created.id}`} className={linkClass}>
            Open the endpoint
          </Link>{' '}
          or{' '}
          <Link href="/webhooks" className={linkClass}>
            see all endpoints
          </Link>
          .
        </p>
      </SecretReveal>
    );
  }
  const values = state.values;
  const checked = new Set(state.eventTypes ?? []);
  return (
    <form action={formAction} noValidate className="max-w-xl space-y-5">
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
      <Field
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        hint="An https address on the public internet, such as https://example.com/webhooks/collect."
        required
        defaultValue={values?.url}
        errors={state.errors?.url}
      />
      <Field label="Description (optional)" name="description" autoComplete="off" maxLength={500} defaultValue={values?.description} errors={state.errors?.description} />
      <fieldset aria-describedby="eventTypes-hint eventTypes-error">
        <legend className="text-sm font-medium text-slate-800">Events to send (optional)</legend>
        <p id="eventTypes-hint" className="mt-1 text-sm text-slate-600">
          Leave every box unticked to receive every event, including kinds added later.
        </p>
        <div className="mt-2 space-y-2">
          {subscribableEventTypes.map((type) => (
            <CheckboxField key={type} id={`eventTypes-${type}`} name="eventTypes" value={type} label={eventTypeText[type]} hint={type} defaultChecked={checked.has(type)} />
          ))}
        </div>
        <div id="eventTypes-error" aria-live="polite" aria-atomic="true">
          {state.errors?.eventTypes?.map((error) => (
            <p key={error} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ))}
        </div>
      </fieldset>
      <FormMessage message={state.message} />
      <SubmitButton pendingLabel="Adding…">Add endpoint</SubmitButton>
    </form>
  );
}
