'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { sendTestEvent, type ActionNotice } from '@/app/(portal)/webhooks/actions';

/** Sends a signed webhook.test event to this endpoint alone, to check the receiver end to end. */
export function TestEventForm({ endpointId, idempotencyKey }: { endpointId: string; idempotencyKey: string }) {
  const [state, formAction] = useActionState<ActionNotice, FormData>(sendTestEvent, {});
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
      <SubmitButton variant="secondary" pendingLabel="Sending…">
        Send test event
      </SubmitButton>
      <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
    </form>
  );
}
