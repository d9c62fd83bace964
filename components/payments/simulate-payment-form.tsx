'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { simulatePayment, type SimulatePaymentState } from '@/app/(portal)/payments/actions';

export interface SimulatePaymentFormProps {
  /** Made when the page was rendered, so that a double submission records one payment. */
  idempotencyKey: string;
  defaults: { accountNumber?: string; amount?: string; billReference?: string };
  /** A sentence under the heading: what a payment here will do. */
  note?: string;
}

const channels = [
  { value: 'MOBILE_MONEY', label: 'M-Pesa Pay Bill' },
  { value: 'INSTANT_BANK', label: 'Instant bank transfer' },
  { value: 'RTGS', label: 'RTGS bank transfer' },
];

/**
 * Sandbox only: makes a payment arrive as M-Pesa or the bank would deliver it, and says what
 * happened to it (recorded, already recorded, or refused with the rail's reason).
 */
export function SimulatePaymentForm({ idempotencyKey, defaults, note }: SimulatePaymentFormProps) {
  const [state, formAction] = useActionState<SimulatePaymentState, FormData>(simulatePayment, {});
  const values = state.values;
  const id = (name: string) => `simulate-${name}`;
  return (
    <section aria-labelledby="simulate-payment" className="max-w-2xl rounded-lg border border-dashed border-amber-300 bg-amber-50/40 p-4">
      <h2 id="simulate-payment" className="text-lg font-semibold text-slate-900">
        Simulate a payment
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        Sandbox only: no money moves. The payment goes through the same checks as a real one{note ? `. ${note}` : '.'}
      </p>
      <form action={formAction} noValidate className="mt-4 space-y-4">
        <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Account number"
            name="accountNumber"
            id={id('accountNumber')}
            hint="As a payer types it: the account number, optionally followed by # and a bill's reference (1000000018#INV-42). A bill's reference alone names no account."
            autoComplete="off"
            inputMode="text"
            maxLength={64}
            required
            defaultValue={values?.accountNumber ?? defaults.accountNumber}
            errors={state.errors?.accountNumber}
          />
          <Field
            label="Amount"
            name="amount"
            id={id('amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="1500.00"
            required
            defaultValue={values?.amount ?? defaults.amount}
            errors={state.errors?.amount}
          />
        </div>
        <SelectField
          label="How it comes"
          name="channel"
          id={id('channel')}
          options={channels}
          defaultValue={values?.channel ?? 'MOBILE_MONEY'}
          errors={state.errors?.channel}
        />
        <Field
          label="Bill reference (optional)"
          name="billReference"
          id={id('billReference')}
          hint="A bill's reference given beside the account number, as in a bank transfer's narration."
          autoComplete="off"
          maxLength={100}
          defaultValue={values?.billReference ?? defaults.billReference}
          errors={state.errors?.billReference}
        />
        <details className="rounded-md border border-slate-200 bg-white px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Payer and reference (optional)</summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field
              label="Payer's phone"
              name="payerPhone"
              id={id('payerPhone')}
              type="tel"
              inputMode="numeric"
              placeholder="2547XXXXXXXX"
              autoComplete="off"
              defaultValue={values?.payerPhone}
              errors={state.errors?.payerPhone}
            />
            <Field label="Payer's name" name="payerName" id={id('payerName')} autoComplete="off" maxLength={200} defaultValue={values?.payerName} errors={state.errors?.payerName} />
            <Field
              label="Receipt or bank reference"
              name="providerReference"
              id={id('providerReference')}
              className="sm:col-span-2"
              hint="Leave it empty for a fresh one; repeat one to see how a duplicate is handled."
              autoComplete="off"
              maxLength={64}
              defaultValue={values?.providerReference}
              errors={state.errors?.providerReference}
            />
          </div>
        </details>
        <FormMessage message={state.message} tone={state.outcome === 'recorded' || state.outcome === 'duplicate' ? 'success' : 'error'}>
          {state.payment && (
            <>
              {state.outcome === 'recorded' && `${state.payment.matchLabel}: ${state.payment.matchMeaning} `}
              <Link href={`/payments/${state.payment.id}`} className="font-medium underline underline-offset-2">
                Open the payment
              </Link>
            </>
          )}
        </FormMessage>
        <SubmitButton pendingLabel="Sending the payment…">Simulate payment</SubmitButton>
      </form>
    </section>
  );
}
