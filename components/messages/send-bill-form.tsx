'use client';

import { useActionState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { sendBillToCustomer, type MessageFormState } from '@/app/(portal)/messages/actions';

/** "Send to customer": the bill's payer link by SMS and, when the customer has one, by email. */
export function SendBillForm({ billId, customerName, phone, email, idempotencyKey }: { billId: string; customerName: string; phone: string; email: string | null; idempotencyKey: string }) {
  const [state, formAction] = useActionState<MessageFormState, FormData>(sendBillToCustomer, {});
  return (
    <section aria-labelledby="send-bill-heading" className="max-w-xl rounded-lg border border-slate-200 bg-white p-4" data-print="hide">
      <h2 id="send-bill-heading" className="text-lg font-semibold text-slate-900">
        Send to customer
      </h2>
      <p className="mb-3 text-sm text-slate-600">Sends {customerName} the link to this bill&apos;s payment page, in the language of your notification settings.</p>
      <form action={formAction} noValidate className="space-y-3">
        <input type="hidden" name="billId" value={billId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <fieldset className="space-y-2" aria-describedby="send-bill-channels-error">
          <legend className="text-sm font-medium text-slate-800">Send by</legend>
          <CheckboxField label={`SMS to ${phone}`} name="channels" id="send-bill-sms" value="SMS" defaultChecked />
          {email ? <CheckboxField label={`Email to ${email}`} name="channels" id="send-bill-email" value="EMAIL" /> : <p className="text-sm text-slate-600">No email address: SMS only.</p>}
          <div id="send-bill-channels-error" aria-live="polite">
            {state.errors?.channels?.map((error) => (
              <p key={error} className="text-sm text-red-700">
                {error}
              </p>
            ))}
          </div>
        </fieldset>
        <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
        <SubmitButton pendingLabel="Sending…">Send to customer</SubmitButton>
      </form>
    </section>
  );
}
