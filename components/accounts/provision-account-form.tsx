'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { RadioGroupField, type RadioOption } from '@/components/ui/radio-group-field';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { provisionAccount, type ProvisionAccountState } from '@/app/(portal)/accounts/actions';

export interface ProvisionAccountFormProps {
  /** Made when the page was rendered, so that a double submission or a retry opens one account. */
  idempotencyKey: string;
  purposes: RadioOption[];
  subMerchants: SelectOption[];
  currencies: SelectOption[];
}

export function ProvisionAccountForm({ idempotencyKey, purposes, subMerchants, currencies }: ProvisionAccountFormProps) {
  const [state, formAction] = useActionState<ProvisionAccountState, FormData>(provisionAccount, {});
  const values = state.values;
  return (
    // `group`: the currency field shows when "Currency" is chosen, by CSS alone, so also without JavaScript.
    <form action={formAction} noValidate className="group max-w-2xl space-y-6">
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
      <RadioGroupField
        legend="Kind of account"
        name="purpose"
        options={purposes}
        defaultValue={values?.purpose ?? purposes[0]?.value}
        errors={state.errors?.purpose}
      />
      <div className="hidden group-has-[#purpose-CURRENCY:checked]:block">
        <SelectField
          label="Currency"
          name="currency"
          hint="The currency this account collects in."
          options={[{ value: '', label: 'Choose a currency' }, ...currencies]}
          defaultValue={values?.currency ?? ''}
          errors={state.errors?.currency}
        />
      </div>
      <SelectField
        label="Sub-merchant"
        name="subMerchantId"
        hint="The brand, shop or branch this account collects for."
        options={subMerchants}
        defaultValue={values?.subMerchantId ?? subMerchants[0]?.value}
        errors={state.errors?.subMerchantId}
      />
      <Field
        label="Account name (optional)"
        name="accountName"
        hint="The name payers see when they pay. Leave it empty to use your business's or the sub-merchant's name."
        maxLength={100}
        defaultValue={values?.accountName}
        errors={state.errors?.accountName}
      />
      <FormMessage message={state.message}>
        {state.existingHref && (
          <Link href={state.existingHref} className="font-medium underline underline-offset-2">
            Open the existing account
          </Link>
        )}
      </FormMessage>
      <SubmitButton pendingLabel="Opening the account…">Open account</SubmitButton>
    </form>
  );
}
