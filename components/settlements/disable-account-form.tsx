'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { InlineActionState } from '@/components/team/inline-action';
import { disableSettlementAccount } from '@/app/(portal)/settlements/accounts/actions';

/** Disable one account, with the current two-factor code when the admin has two factors on. */
export function DisableAccountForm({ accountId, label, needsCode }: { accountId: string; label: string; needsCode: boolean }) {
  const [state, formAction] = useActionState<InlineActionState, FormData>(disableSettlementAccount, {});
  const codeId = `disable-code-${accountId}`;
  return (
    <form action={formAction} noValidate className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="settlementAccountId" value={accountId} />
      {needsCode && (
        <div>
          <label htmlFor={codeId} className="block text-xs font-medium text-slate-700">
            Two-factor code
          </label>
          <input id={codeId} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={32} className="mt-1 w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        </div>
      )}
      <SubmitButton variant="secondary" pendingLabel="Disabling…" aria-label={`Disable ${label}`}>
        Disable
      </SubmitButton>
      <div className="basis-full">
        <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
      </div>
    </form>
  );
}
