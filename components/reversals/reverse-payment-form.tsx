'use client';

import { useActionState } from 'react';
import { ConfirmDetails } from '@/components/ui/confirm-details';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { reversePayment, type ReversePaymentState } from '@/app/(portal)/payments/[paymentId]/reversal-actions';

/**
 * "Reverse…" opens a question first; only its answer asks the rail. The idempotency key is made
 * with the page, so a double submit or a retry after a lost answer asks the rail once.
 */
export function ReversePaymentForm({ paymentId, amountText, idempotencyKey }: { paymentId: string; amountText: string; idempotencyKey: string }) {
  const [state, formAction] = useActionState<ReversePaymentState, FormData>(reversePayment, {});
  return (
    <ConfirmDetails
      summary="Reverse this payment…"
      question={
        <p>
          Give <strong>{amountText}</strong> back to the payer? The whole amount is taken from the account when the rail confirms, the fee is
          refunded, and a bill it paid opens again. This cannot be undone.
        </p>
      }
    >
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="paymentId" value={paymentId} />
        <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
        <Field
          label="Why (optional)"
          name="remarks"
          maxLength={100}
          hint="Sent to the rail with the request, up to 100 characters."
          defaultValue={state.values?.remarks}
          errors={state.errors?.remarks}
        />
        <SubmitButton pendingLabel="Asking the rail…" className="bg-red-700 hover:bg-red-800">
          Yes, reverse this payment
        </SubmitButton>
        <FormMessage message={state.message} />
      </form>
    </ConfirmDetails>
  );
}
