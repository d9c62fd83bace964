'use client';

import { useActionState, useState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { addSettlementAccount } from '@/app/(portal)/settlements/accounts/actions';
import type { AccountFormState } from '@/app/(portal)/settlements/accounts/form-fields';

const kinds = [
  { value: 'BANK', label: 'Bank account' },
  { value: 'MPESA', label: 'M-Pesa phone (KES)' },
  { value: 'PAYBILL', label: 'M-Pesa paybill (KES)' },
];

/**
 * Where settlements are paid: a bank account, an M-Pesa phone or a paybill. Only the fields of
 * the chosen kind are shown. A sensitive change: with two factors on, a current code goes with it.
 */
export function AccountForm({ currencies, subMerchants, needsCode }: { currencies: string[]; subMerchants: SelectOption[]; needsCode: boolean }) {
  const [state, formAction] = useActionState<AccountFormState, FormData>(addSettlementAccount, {});
  const values = state.ok ? undefined : state.values;
  const [kind, setKind] = useState(values?.kind ?? 'BANK');
  const errors = state.errors ?? {};
  return (
    <section aria-labelledby="add-settlement-account" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="add-settlement-account" className="text-base font-semibold text-slate-900">
        Add a settlement account
      </h3>
      <p className="mt-1 text-sm text-slate-600">It replaces the active account of the same currency; the other administrators are told.</p>
      <form action={formAction} noValidate className="mt-4 space-y-4" key={JSON.stringify(state)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Paid to" name="kind" id="account-kind" options={kinds} value={kind} onChange={(event) => setKind(event.target.value)} errors={errors.kind} />
          {kind === 'BANK' ? (
            <SelectField
              label="Currency"
              name="currency"
              id="account-currency"
              options={currencies.map((currency) => ({ value: currency, label: currency }))}
              defaultValue={values?.currency ?? 'KES'}
              errors={errors.currency}
            />
          ) : (
            <p className="self-end pb-2 text-sm text-slate-700">M-Pesa pays out in KES.</p>
          )}
          <Field label="Account name" name="accountName" id="account-name" autoComplete="off" maxLength={100} defaultValue={values?.accountName} errors={errors.accountName} className="sm:col-span-2" />
          {kind === 'BANK' && (
            <>
              <Field label="Bank name" name="bankName" id="account-bank-name" autoComplete="off" maxLength={100} defaultValue={values?.bankName} errors={errors.bankName} />
              <Field label="Bank code" name="bankCode" id="account-bank-code" hint="The CBK code (68) or the SWIFT code." autoComplete="off" maxLength={11} defaultValue={values?.bankCode} errors={errors.bankCode} />
              <Field label="Branch code (optional)" name="branchCode" id="account-branch-code" autoComplete="off" maxLength={11} defaultValue={values?.branchCode} errors={errors.branchCode} />
              <Field label="Account number" name="accountNumber" id="account-number" inputMode="numeric" autoComplete="off" maxLength={30} defaultValue={values?.accountNumber} errors={errors.accountNumber} />
            </>
          )}
          {kind === 'MPESA' && (
            <Field label="M-Pesa phone" name="phone" id="account-phone" type="tel" inputMode="numeric" placeholder="0712345678" autoComplete="off" defaultValue={values?.phone} errors={errors.phone} />
          )}
          {kind === 'PAYBILL' && (
            <>
              <Field label="Paybill number" name="paybill" id="account-paybill" inputMode="numeric" autoComplete="off" maxLength={7} defaultValue={values?.paybill} errors={errors.paybill} />
              <Field label="Account number at the paybill" name="accountReference" id="account-reference" autoComplete="off" maxLength={13} defaultValue={values?.accountReference} errors={errors.accountReference} />
            </>
          )}
          {subMerchants.length > 0 && (
            <SelectField
              label="For"
              name="subMerchantId"
              id="account-sub-merchant"
              hint="A sub-merchant with its own account is paid apart from you."
              options={[{ value: '', label: 'The merchant (and every other sub-merchant)' }, ...subMerchants]}
              defaultValue={values?.subMerchantId ?? ''}
              errors={errors.subMerchantId}
              className="sm:col-span-2"
            />
          )}
          {needsCode && (
            <Field
              label="Two-factor code"
              name="code"
              id="account-code"
              hint="The current code from your authenticator app."
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={32}
              errors={errors.code}
            />
          )}
        </div>
        <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
        <SubmitButton pendingLabel="Saving…">Add settlement account</SubmitButton>
      </form>
    </section>
  );
}
