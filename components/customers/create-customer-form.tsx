'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { createCustomer, type CreateCustomerState } from '@/app/(portal)/customers/actions';

export interface CreateCustomerFormProps {
  /** Made when the page was rendered, so that a double submission or a retry registers one customer. */
  idempotencyKey: string;
  /** Empty when the merchant has no sub-merchants (the field is then left out). */
  subMerchants: SelectOption[];
}

export function CreateCustomerForm({ idempotencyKey, subMerchants }: CreateCustomerFormProps) {
  const [state, formAction] = useActionState<CreateCustomerState, FormData>(createCustomer, {});
  const values = state.values;
  return (
    <form action={formAction} noValidate className="max-w-xl space-y-5">
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
      <Field label="Name (required)" name="displayName" autoComplete="off" maxLength={200} required defaultValue={values?.displayName} errors={state.errors?.displayName} />
      <Field
        label="Your reference (required)"
        name="externalRef"
        hint="Your own identifier for this customer, such as an account or membership number. No two customers share one."
        autoComplete="off"
        maxLength={100}
        required
        defaultValue={values?.externalRef}
        errors={state.errors?.externalRef}
      />
      <Field label="Email (optional)" name="email" type="email" inputMode="email" autoComplete="off" hint="Receipts and bills go by SMS to customers without one." defaultValue={values?.email} errors={state.errors?.email} />
      <Field
        label="Phone (required)"
        name="phone"
        type="tel"
        autoComplete="off"
        hint="A mobile number as you would dial it: 0712 345 678, +254 712 345 678 or 254712345678. A number abroad with its country code."
        placeholder="0712 345 678"
        required
        defaultValue={values?.phone}
        errors={state.errors?.phone}
      />
      {subMerchants.length > 0 && (
        <SelectField
          label="Sub-merchant (optional)"
          name="subMerchantId"
          hint="The brand, shop or branch this customer belongs to."
          options={subMerchants}
          defaultValue={values?.subMerchantId ?? subMerchants[0]?.value}
          errors={state.errors?.subMerchantId}
        />
      )}
      <FormMessage message={state.message}>
        {state.existingHref && (
          <Link href={state.existingHref} className="font-medium underline underline-offset-2">
            Open that customer
          </Link>
        )}
      </FormMessage>
      <SubmitButton pendingLabel="Registering…">Register customer</SubmitButton>
    </form>
  );
}
