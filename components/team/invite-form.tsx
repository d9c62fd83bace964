'use client';

import { useActionState } from 'react';
import { inviteUser, type InviteState } from '@/app/(portal)/team/actions';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { OneTimeSecret } from './one-time-secret';
import { roleOptions } from './role-options';

export function InviteForm({ subMerchants }: { subMerchants: SelectOption[] }) {
  const [state, formAction] = useActionState<InviteState, FormData>(inviteUser, {});
  return (
    <div className="space-y-4">
      {state.created && (
        <OneTimeSecret
          id="invite-url"
          title={`Invitation for ${state.created.email}`}
          label="Invitation link"
          value={state.created.inviteUrl}
          warning={`${state.created.emailed ? 'We emailed it too. ' : ''}Send this link to them yourself: it works once, for 7 days, and is not shown again.`}
        />
      )}
      <form action={formAction} noValidate className="grid max-w-2xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <Field label="Email" name="email" type="email" defaultValue={state.values?.email} errors={state.errors?.email} />
        <SelectField label="Role" name="role" defaultValue={state.values?.role ?? 'PLAIN_MERCHANT'} errors={state.errors?.role} options={roleOptions} />
        <SelectField label="Sub-merchant" name="subMerchantId" defaultValue={state.values?.subMerchantId ?? ''} errors={state.errors?.subMerchantId} options={[{ value: '', label: 'Whole merchant' }, ...subMerchants]} />
        <div className="sm:col-span-3">
          <FormMessage message={state.message} />
          <SubmitButton pendingLabel="Inviting…" className="mt-2">
            Invite
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
