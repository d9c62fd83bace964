'use client';

import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { editBill, type EditBillState } from '@/app/(portal)/bills/edit-actions';

export interface EditBillFormProps {
  billId: string;
  currency: string;
  /** The bill as it is, as the inputs show it (the expiry in Nairobi local time). */
  current: { description: string; amount: string; expiresAt: string };
  /** Amount and expiry change only while nothing is paid; otherwise only the description. */
  termsEditable: boolean;
  earliestExpiry: string;
}

/** A bill's description, and its amount and expiry while nothing is paid; a plain form, so it works without JavaScript. */
export function EditBillForm({ billId, currency, current, termsEditable, earliestExpiry }: EditBillFormProps) {
  const [state, formAction] = useActionState<EditBillState, FormData>(editBill, {});
  const values = state.values;
  return (
    <form action={formAction} noValidate className="max-w-xl space-y-5">
        <input type="hidden" name="billId" value={billId} />
        <Field
          label="Description (optional)"
          name="description"
          hint="What the bill is for, such as “School fees, term 1”. Payers see it."
          maxLength={500}
          autoComplete="off"
          defaultValue={values?.description ?? current.description}
          errors={state.errors?.description}
        />
        {termsEditable ? (
          <>
            <Field
              label={`Amount (${currency})`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              defaultValue={values?.amount ?? current.amount}
              errors={state.errors?.amount}
            />
            <Field
              label="Expires at"
              name="expiresAt"
              type="datetime-local"
              hint="Nairobi time. The invoice account expires with the bill."
              min={earliestExpiry}
              required
              defaultValue={values?.expiresAt ?? current.expiresAt}
              errors={state.errors?.expiresAt}
            />
          </>
        ) : (
          <p className="text-sm text-slate-600">The amount and expiry are fixed once anything is paid or the bill is closed.</p>
        )}
        <FormMessage message={state.message} />
        <SubmitButton pendingLabel="Saving…">Save changes</SubmitButton>
    </form>
  );
}
