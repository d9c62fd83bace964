'use client';

import { useActionState } from 'react';
import { ConfirmDetails } from '@/components/ui/confirm-details';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { deactivateEndpoint, type DeactivateEndpointState } from '@/app/(portal)/webhooks/actions';

/** "Deactivate" opens a question first; only its answer stops the deliveries. */
export function DeactivateEndpointForm({ endpointId, url }: { endpointId: string; url: string }) {
  const [state, formAction] = useActionState<DeactivateEndpointState, FormData>(deactivateEndpoint, {});
  return (
    <ConfirmDetails
      summary="Deactivate endpoint…"
      question={
        <p>
          Deactivate <strong className="font-mono break-all">{url}</strong>? Nothing more is sent to it, pending retries included. This cannot be
          undone: to receive events again, add a new endpoint.
        </p>
      }
    >
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="endpointId" value={endpointId} />
        <SubmitButton pendingLabel="Deactivating…" className="bg-red-700 hover:bg-red-800">
          Yes, deactivate this endpoint
        </SubmitButton>
        <FormMessage message={state.message} />
      </form>
    </ConfirmDetails>
  );
}
