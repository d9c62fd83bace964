'use client';

import { useActionState } from 'react';
import { createApiKey, type CreateApiKeyState } from '@/app/(portal)/api-keys/actions';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { OneTimeSecret } from './one-time-secret';

export function CreateApiKeyForm({ subMerchants }: { subMerchants: SelectOption[] }) {
  const [state, formAction] = useActionState<CreateApiKeyState, FormData>(createApiKey, {});
  return (
    <div className="space-y-4">
      {state.created && (
        <OneTimeSecret
          id="api-key-secret"
          title={`API key "${state.created.name}" created`}
          label="Secret key"
          value={state.created.secret}
          warning="Copy this key now and store it in your integration's secret store: it will not be shown again."
        />
      )}
      <form action={formAction} noValidate className="grid max-w-2xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <Field label="Name" name="name" hint="The integration that will use it." defaultValue={state.values?.name} errors={state.errors?.name} />
        <SelectField
          label="Role"
          name="role"
          defaultValue={state.values?.role ?? 'PLAIN_MERCHANT'}
          errors={state.errors?.role}
          options={[
            { value: 'PLAIN_MERCHANT', label: 'Read and write' },
            { value: 'SUPPORT', label: 'Read only' },
          ]}
        />
        <SelectField label="Sub-merchant" name="subMerchantId" defaultValue={state.values?.subMerchantId ?? ''} errors={state.errors?.subMerchantId} options={[{ value: '', label: 'Whole merchant' }, ...subMerchants]} />
        <div className="sm:col-span-3">
          <FormMessage message={state.message} />
          <SubmitButton pendingLabel="Creating…" className="mt-2">
            Create API key
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
