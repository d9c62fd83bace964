'use client';

import { useActionState } from 'react';
import { createSubMerchant, renameSubMerchant, type SubMerchantState } from '@/app/(portal)/team/sub-merchant-actions';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';

/** A new brand, shop or branch: one name. */
export function CreateSubMerchantForm() {
  const [state, formAction] = useActionState<SubMerchantState, FormData>(createSubMerchant, {});
  return (
    <form action={formAction} noValidate className="flex max-w-2xl flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="min-w-0 flex-1 basis-56">
        <Field label="New sub-merchant" name="name" id="new-sub-merchant" hint="A shop, branch or brand, such as Westlands branch." maxLength={100} defaultValue={state.ok ? '' : state.values?.name} errors={state.errors?.name} key={state.ok ? state.message : 'typing'} />
      </div>
      <SubmitButton pendingLabel="Creating…">Create sub-merchant</SubmitButton>
      <div className="basis-full">
        <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
      </div>
    </form>
  );
}

/** One sub-merchant's name, changed in place; its users, keys and money stay with it. */
export function RenameSubMerchantForm({ id, name }: { id: string; name: string }) {
  const [state, formAction] = useActionState<SubMerchantState, FormData>(renameSubMerchant, {});
  return (
    <form action={formAction} noValidate className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="subMerchantId" value={id} />
      <div className="min-w-0 flex-1 basis-48">
        <label className="sr-only" htmlFor={`sub-merchant-${id}`}>
          Name of {name}
        </label>
        <input
          id={`sub-merchant-${id}`}
          name="name"
          maxLength={100}
          defaultValue={state.values?.name ?? name}
          aria-invalid={state.errors?.name ? true : undefined}
          aria-describedby={state.errors?.name ? `sub-merchant-${id}-error` : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        {state.errors?.name && (
          <p id={`sub-merchant-${id}-error`} className="mt-1 text-sm text-red-700">
            {state.errors.name.join(' ')}
          </p>
        )}
      </div>
      <SubmitButton variant="secondary" pendingLabel="Renaming…">
        Rename<span className="sr-only"> {name}</span>
      </SubmitButton>
      <div className="basis-full">
        <FormMessage message={state.errors?.name ? undefined : state.message} tone={state.ok ? 'success' : 'error'} />
      </div>
    </form>
  );
}
