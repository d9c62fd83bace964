'use client';

import { useActionState } from 'react';
import { OneTimeSecret } from '@/components/team/one-time-secret';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { OperatorFormState } from '@/lib/portal/operator-action';

export interface OperatorField {
  name: string;
  label: string;
  type?: 'text' | 'email';
  hint?: string;
  options?: { value: string; label: string }[];
  defaultValue?: string;
  required?: boolean;
}

/**
 * One console form answering in place (useActionState): field errors tied to their inputs, the
 * sentence in a live region, and a one-time link (an invitation) shown once. `hidden` travel as
 * hidden inputs; the action re-checks the session and the role itself.
 */
export function OperatorForm({
  action,
  fields,
  hidden = {},
  submitLabel,
  pendingLabel,
  label,
}: {
  action: (previous: OperatorFormState, formData: FormData) => Promise<OperatorFormState>;
  fields: OperatorField[];
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel: string;
  label: string;
}) {
  const [state, formAction] = useActionState<OperatorFormState, FormData>(action, {});
  return (
    <div className="space-y-4">
      {state.link && <OneTimeSecret id={`${label.replace(/\W+/g, '-').toLowerCase()}-link`} title={state.link.label} label="Link" value={state.link.url} warning={state.link.note} />}
      <form action={formAction} noValidate aria-label={label} className="grid max-w-2xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields.map((field) =>
          field.options ? (
            <SelectField key={field.name} label={field.label} name={field.name} hint={field.hint} options={field.options} defaultValue={state.values?.[field.name] ?? field.defaultValue} errors={state.errors?.[field.name]} />
          ) : (
            <Field
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type ?? 'text'}
              hint={field.hint}
              required={field.required}
              defaultValue={state.values?.[field.name] ?? field.defaultValue}
              errors={state.errors?.[field.name]}
            />
          ),
        )}
        <div className="sm:col-span-2">
          <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
          <SubmitButton pendingLabel={pendingLabel} className="mt-2">
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
