'use client';

import { useActionState } from 'react';
import { ConfirmDetails } from '@/components/ui/confirm-details';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { cancelBill, type CancelBillState } from '@/app/(portal)/bills/actions';

/** "Cancel bill" opens a question first; only its answer sends the cancellation. */
export function CancelBillForm({ billId, reference }: { billId: string; reference: string }) {
  const [state, formAction] = useActionState<CancelBillState, FormData>(cancelBill, {});
  return (
    <ConfirmDetails
      summary="Cancel bill…"
      question={
        <>
          <p>
            Cancel bill <strong className="font-mono">{reference}</strong>? Payers can no longer pay it, its invoice account closes,
            and its payer link says so. This cannot be undone.
          </p>
        </>
      }
    >
      <form action={formAction} className="space-y-3">
        <input type="hidden" name="billId" value={billId} />
        <SubmitButton pendingLabel="Cancelling…" className="bg-red-700 hover:bg-red-800">
          Yes, cancel this bill
        </SubmitButton>
        <FormMessage message={state.message} />
      </form>
    </ConfirmDetails>
  );
}
