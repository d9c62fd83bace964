'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormState } from '@/lib/portal/forms';

export type PayoutFormState = FormState<'file'>;
type Action = (previous: PayoutFormState, formData: FormData) => Promise<PayoutFormState>;

/** Export the waiting bank settlements: one deliberate button, its answer in place. */
export function ExportPayoutsForm({ action, waiting }: { action: Action; waiting: number }) {
  const [state, formAction] = useActionState<PayoutFormState, FormData>(action, {});
  if (waiting === 0) return null;
  return (
    <form action={formAction} className="space-y-2">
      <SubmitButton pendingLabel="Exporting…">
        Export {waiting} bank settlement{waiting === 1 ? '' : 's'} to a pain.001 file
      </SubmitButton>
      <FormMessage message={state.message} />
    </form>
  );
}

/** Upload the bank's pain.002 status report; an unreadable file is said in place and changes nothing. */
export function ImportStatusForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState<PayoutFormState, FormData>(action, {});
  return (
    <form action={formAction} className="space-y-3">
      <div>
        <label htmlFor="status-report" className="block text-sm font-medium text-slate-800">
          The bank&apos;s status report (pain.002 XML)
        </label>
        <input
          id="status-report"
          name="file"
          type="file"
          accept=".xml,application/xml,text/xml"
          required
          aria-invalid={state.errors?.file ? true : undefined}
          aria-describedby="status-report-error"
          className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        <div id="status-report-error" aria-live="polite">
          {state.errors?.file?.map((error) => (
            <p key={error} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ))}
        </div>
      </div>
      <SubmitButton pendingLabel="Importing…">Import status report</SubmitButton>
      <FormMessage message={state.message} />
    </form>
  );
}
