'use client';

import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { editEndpoint, type EditEndpointState } from '@/app/(portal)/webhooks/edit-actions';
import { EventTypesFieldset } from './event-types-fieldset';

export interface EditEndpointFormProps {
  endpointId: string;
  current: { url: string; description: string; eventTypes: string[] | null };
}

/** The registration form's fields, filled in with the endpoint as it is; the secret is not among them. */
export function EditEndpointForm({ endpointId, current }: EditEndpointFormProps) {
  const [state, formAction] = useActionState<EditEndpointState, FormData>(editEndpoint, {});
  const values = state.values;
  const checked = new Set(state.eventTypes ?? current.eventTypes ?? []);
  return (
    <form action={formAction} noValidate className="max-w-xl space-y-5">
      <input type="hidden" name="endpointId" value={endpointId} />
      <Field
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        hint="An https address on the public internet. Deliveries still waiting go to the new address."
        required
        defaultValue={values?.url ?? current.url}
        errors={state.errors?.url}
      />
      <Field
        label="Description (optional)"
        name="description"
        autoComplete="off"
        maxLength={500}
        defaultValue={values?.description ?? current.description}
        errors={state.errors?.description}
      />
      <EventTypesFieldset checked={checked} errors={state.errors?.eventTypes} extraHint="A change applies to events from now on." />
      <FormMessage message={state.message} />
      <SubmitButton pendingLabel="Saving…">Save changes</SubmitButton>
    </form>
  );
}
