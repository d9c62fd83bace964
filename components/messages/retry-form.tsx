'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { retryMessage, type MessageFormState } from '@/app/(portal)/messages/actions';

/** "Send again" for one failed message: a plain form, so it works without JavaScript too. */
export function RetryForm({ messageId }: { messageId: string }) {
  const [state, formAction] = useActionState<MessageFormState, FormData>(retryMessage, {});
  return (
    <form action={formAction} aria-label="Send this message again">
      <input type="hidden" name="messageId" value={messageId} />
      {!state.ok && (
        <SubmitButton variant="secondary" pendingLabel="Sending…">
          Send again
        </SubmitButton>
      )}
      <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
    </form>
  );
}
