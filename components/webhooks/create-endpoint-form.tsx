'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { createEndpoint, type CreateEndpointState } from '@/app/(portal)/webhooks/actions';
import { EventTypesFieldset } from './event-types-fieldset';
import { SecretReveal } from './secret-reveal';

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
      <EventTypesFieldset checked={checked} errors={state.errors?.eventTypes} />
      <FormMessage message={state.message} />
      <SubmitButton pendingLabel="Adding…">Add endpoint</SubmitButton>
    </form>
  );
}
