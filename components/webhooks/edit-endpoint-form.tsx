'use client';

import { useActionState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { editEndpoint, type EditEndpointState } from '@/app/(portal)/webhooks/edit-actions';
import { eventTypeText, subscribableEventTypes } from './words';

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
      <fieldset aria-describedby="eventTypes-hint eventTypes-error">
        <legend className="text-sm font-medium text-slate-800">Events to send (optional)</legend>
        <p id="eventTypes-hint" className="mt-1 text-sm text-slate-600">
          Leave every box unticked to receive every event, including kinds added later. A change applies to events from now on.
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
      <SubmitButton pendingLabel="Saving…">Save changes</SubmitButton>
    </form>
  );
}
