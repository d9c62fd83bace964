'use client';

import { useActionState } from 'react';
import { changeRole } from '@/app/(portal)/team/actions';
import { FormMessage } from '@/components/ui/form-message';
import type { SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { InlineActionState } from './inline-action';
import { roleOptions } from './role-options';

/** Role and sub-merchant of one user, saved together. */
export function ChangeRoleForm({ userId, email, role, subMerchantId, subMerchants }: { userId: string; email: string; role: string; subMerchantId: string | null; subMerchants: SelectOption[] }) {
  const [state, formAction] = useActionState<InlineActionState, FormData>(changeRole, {});
  const select = 'max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <label className="sr-only" htmlFor={`role-${userId}`}>Role of {email}</label>
      <select id={`role-${userId}`} name="role" defaultValue={role} className={select}>
        {roleOptions.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`sub-${userId}`}>Sub-merchant of {email}</label>
      <select id={`sub-${userId}`} name="subMerchantId" defaultValue={subMerchantId ?? ''} className={select}>
        <option value="">Whole merchant</option>
        {subMerchants.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
      <SubmitButton variant="secondary" pendingLabel="Saving…">Save</SubmitButton>
      <div className="basis-full"><FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} /></div>
    </form>
  );
}
