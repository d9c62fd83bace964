'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { createBill, type CreateBillState } from '@/app/(portal)/bills/actions';

export interface CreateBillFormProps {
  /** Made when the page was rendered, so that a double submission or a retry raises one bill. */
  idempotencyKey: string;
  /** The customers the search above the form found (or the latest ones), the one chosen first. */
  customers: SelectOption[];
  /** Says which customers the list holds, and how to find another. */
  customerHint: string;
  /** Only currencies some channel carries (currency-options.ts). */
  currencies: SelectOption[];
  /** Why those currencies, and which ways a payer then has. */
  currencyHint: string;
  defaults: { currency: string; expiresAt: string; customerId?: string };
  /** The earliest expiry the picker offers: now, in Nairobi time. */
  earliestExpiry: string;
}

export function CreateBillForm({ idempotencyKey, customers, customerHint, currencies, currencyHint, defaults, earliestExpiry }: CreateBillFormProps) {
  const [state, formAction] = useActionState<CreateBillState, FormData>(createBill, {});
  const values = state.values;
  return (
    <form action={formAction} noValidate className="max-w-xl space-y-5">
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
      <Field
        label="Reference"
        name="paymentReference"
        hint="Your reference for the bill, such as an invoice number. Letters, digits and - _ / . only: payers may type it into M-Pesa."
        autoComplete="off"
        maxLength={64}
        required
        defaultValue={values?.paymentReference}
        errors={state.errors?.paymentReference}
      />
      <Field
        label="Description (optional)"
        name="description"
        hint="What the bill is for, such as “School fees, term 1”. Payers see it."
        autoComplete="off"
        maxLength={500}
        defaultValue={values?.description}
        errors={state.errors?.description}
      />
      <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
        <Field
          label="Amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1500.00"
          required
          defaultValue={values?.amount}
          errors={state.errors?.amount}
        />
        <SelectField
          label="Currency"
          name="currency"
          options={currencies}
          defaultValue={values?.currency ?? defaults.currency}
          errors={state.errors?.currency}
          aria-describedby="currency-channels currency-error"
        />
        <p id="currency-channels" className="-mt-3 text-sm text-slate-600 sm:col-span-2">
          {currencyHint}
        </p>
      </div>
      <Field
        label="Expires at"
        name="expiresAt"
        type="datetime-local"
        hint="Nairobi time. After this the bill can no longer be paid."
        min={earliestExpiry}
        required
        defaultValue={values?.expiresAt ?? defaults.expiresAt}
        errors={state.errors?.expiresAt}
      />
      <SelectField
        label="Customer (optional)"
        name="customerId"
        hint={customerHint}
        options={[{ value: '', label: 'No customer' }, ...customers]}
        defaultValue={values?.customerId ?? defaults.customerId ?? ''}
        errors={state.errors?.customerId}
      />
      <CheckboxField
        label="Provision an invoice account"
        name="provisionInvoiceVa"
        hint="Give this bill its own one-time account number, so its payment is matched without a reference. It closes with the bill."
        defaultChecked={values ? values.provisionInvoiceVa === 'on' : true}
      />
      <FormMessage message={state.message}>
        {state.existingHref && (
          <Link href={state.existingHref} className="font-medium underline underline-offset-2">
            Open that bill
          </Link>
        )}
      </FormMessage>
      <SubmitButton pendingLabel="Raising the bill…">Raise bill</SubmitButton>
    </form>
  );
}
