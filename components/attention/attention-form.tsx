'use client';

import { useActionState, useId, type ReactNode } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { AttentionFormState } from '@/app/(portal)/attention/actions';

type Action = (previous: AttentionFormState, formData: FormData) => Promise<AttentionFormState>;

/**
 * One action on one item of the "Needs attention" page, behind its own disclosure: a target to
 * choose (when there is one), a note, and a deliberate submit.
 */
export function AttentionForm({
  action,
  summary,
  hidden,
  targets,
  targetLabel,
  noteLabel,
  noteRequired = false,
  submitLabel,
  pendingLabel,
  noTargets,
  children,
}: {
  action: Action;
  summary: string;
  hidden: Record<string, string>;
  targets?: SelectOption[];
  targetLabel?: string;
  noteLabel: string;
  noteRequired?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Said instead of the form when `targets` is empty: why there is no choice, and how to make one. */
  noTargets?: ReactNode;
  children?: ReactNode;
}) {
  const [state, formAction] = useActionState<AttentionFormState, FormData>(action, {});
  const id = useId();
  // A dropdown with only "Choose…" in it would leave the person guessing: say why instead.
  if (targets && targets.length === 0) {
    return (
      <details className="rounded-md border border-slate-200 bg-white" data-print="hide">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-800 hover:bg-slate-50">{summary}</summary>
        <div className="border-t border-slate-200 px-3 py-3 text-sm text-slate-800">{noTargets ?? 'There is nothing to choose from yet.'}</div>
      </details>
    );
  }
  return (
    <details className="rounded-md border border-slate-200 bg-white" data-print="hide">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-800 hover:bg-slate-50">{summary}</summary>
      <form action={formAction} className="space-y-3 border-t border-slate-200 px-3 py-3">
        {children}
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {targets && (
          <SelectField id={`${id}-target`} name="target" label={targetLabel ?? 'Choose'} options={[{ value: '', label: 'Choose…' }, ...targets]} errors={state.errors?.target} required />
        )}
        <div>
          <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
            {noteLabel}
          </label>
          <input
            id={`${id}-note`}
            name="note"
            maxLength={500}
            required={noteRequired}
            aria-invalid={state.errors?.note ? true : undefined}
            aria-describedby={`${id}-note-error`}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm"
          />
          <div id={`${id}-note-error`} aria-live="polite">
            {state.errors?.note?.map((error) => (
              <p key={error} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ))}
          </div>
        </div>
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
        <FormMessage message={state.message} />
      </form>
    </details>
  );
}
