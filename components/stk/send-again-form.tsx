'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { sendAgain, type ResendState } from '@/app/(portal)/stk/actions';

/** "Send again" for a prompt that ended unpaid: a new prompt, same phone, amount and target. */
export function SendAgainForm({ initiationId, idempotencyKey, label }: { initiationId: string; idempotencyKey: string; label?: string }) {
  const [state, formAction] = useActionState<ResendState, FormData>(sendAgain, {});
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="initiationId" value={initiationId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <SubmitButton variant="secondary" pendingLabel="Sending…" aria-label={label}>
        Send again
      </SubmitButton>
      <FormMessage message={state.message} />
    </form>
  );
}
