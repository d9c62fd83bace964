'use client';

import { useActionState } from 'react';
import { ConfirmDetails } from '@/components/ui/confirm-details';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { rotateSecret, type RotateSecretState } from '@/app/(portal)/webhooks/actions';
import { SecretReveal } from './secret-reveal';

const OLD_SECRET_NOTE = 'The old secret keeps signing for 24 hours, alongside the new one, so you can switch your receiver over without missing a webhook.';

/** Asks first; the answer shows the new secret this once, in place of the question. */
export function RotateSecretForm({ endpointId, idempotencyKey }: { endpointId: string; idempotencyKey: string }) {
  const [state, formAction] = useActionState<RotateSecretState, FormData>(rotateSecret, {});
  if (state.secret) {
    return (
      <SecretReveal secret={state.secret} title="New signing secret">
        <p>{OLD_SECRET_NOTE}</p>
      </SecretReveal>
    );
  }
  return (
    <ConfirmDetails summary="Rotate secret…" question={<p>Make a new signing secret for this endpoint? {OLD_SECRET_NOTE}</p>}>
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="endpointId" value={endpointId} />
        <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
        <SubmitButton pendingLabel="Rotating…" className="bg-red-700 hover:bg-red-800">
          Yes, make a new secret
        </SubmitButton>
        <FormMessage message={state.message} />
      </form>
    </ConfirmDetails>
  );
}
