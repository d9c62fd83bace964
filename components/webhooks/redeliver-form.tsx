'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionNotice } from '@/app/(portal)/webhooks/actions';
import { redeliver } from '@/app/(portal)/webhooks/delivery-actions';

export interface RedeliverTarget {
  endpointId: string;
  deliveryId: string;
  /** Made at render, so that a double click sends one redelivery. */
  idempotencyKey: string;
}

export function RedeliverForm({ target, what }: { target: RedeliverTarget; what: string }) {
  const [state, formAction] = useActionState<ActionNotice, FormData>(redeliver, {});
  return (
    <form action={formAction} className="space-y-1">
      <input type="hidden" name="endpointId" value={target.endpointId} />
      <input type="hidden" name="deliveryId" value={target.deliveryId} />
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? target.idempotencyKey} />
      <SubmitButton variant="secondary" className="min-h-8 px-2 py-1 text-xs" pendingLabel="Sending…" aria-label={`Redeliver ${what}`}>
        Redeliver
      </SubmitButton>
      <p aria-live="polite" className={`text-xs ${state.ok ? 'text-green-800' : 'text-red-700'}`}>
        {state.message}
      </p>
    </form>
  );
}
