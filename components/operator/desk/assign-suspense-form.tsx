'use client';

import { useActionState, useId } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormState } from '@/lib/portal/forms';

export type AssignFormState = FormState<'accountNumber' | 'reason'>;
type Action = (previous: AssignFormState, formData: FormData) => Promise<AssignFormState>;

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite">
      {errors?.map((error) => (
        <p key={error} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ))}
    </div>
  );
}

/**
 * Give one row of unknown-merchant suspense to the account the payer meant, with why: behind its
 * own disclosure, so the list stays a list on a phone.
 */
export function AssignSuspenseForm({ action, suspenseId, typed }: { action: Action; suspenseId: string; typed: string | null }) {
  const [state, formAction] = useActionState<AssignFormState, FormData>(action, {});
  const id = useId();
  return (
    <details className="rounded-md border border-slate-200 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-800 hover:bg-slate-50">Assign to an account</summary>
      <form action={formAction} className="space-y-3 border-t border-slate-200 px-3 py-3">
        <input type="hidden" name="suspenseId" value={suspenseId} />
        <div>
          <label htmlFor={`${id}-account`} className="block text-sm font-medium text-slate-800">
            Account number
          </label>
          <input
            id={`${id}-account`}
            name="accountNumber"
            inputMode="numeric"
            required
            maxLength={20}
            defaultValue={state.values?.accountNumber ?? ''}
            placeholder={typed ?? undefined}
            aria-invalid={state.errors?.accountNumber ? true : undefined}
            aria-describedby={`${id}-account-error`}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base shadow-sm"
          />
          <FieldErrors id={`${id}-account-error`} errors={state.errors?.accountNumber} />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
            Why (recorded, and shown to the merchant)
          </label>
          <input
            id={`${id}-reason`}
            name="reason"
            required
            minLength={5}
            maxLength={500}
            defaultValue={state.values?.reason ?? ''}
            aria-invalid={state.errors?.reason ? true : undefined}
            aria-describedby={`${id}-reason-error`}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm"
          />
          <FieldErrors id={`${id}-reason-error`} errors={state.errors?.reason} />
        </div>
        <SubmitButton pendingLabel="Assigning…">Assign</SubmitButton>
        <FormMessage message={state.message} />
      </form>
    </details>
  );
}
