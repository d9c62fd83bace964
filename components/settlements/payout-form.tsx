'use client';

import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { payOut } from '@/app/(portal)/settlements/actions';
import type { PayoutState } from '@/app/(portal)/settlements/payout-state';

/**
 * "Pay out now": choose the balance and, if not all of it, an amount; then a confirmation that
 * says how much goes where (the masked destination) before anything is sent. The
 * Idempotency-Key is made when the page is rendered, so a double click pays once.
 */
export function PayoutForm({ idempotencyKey, balances }: { idempotencyKey: string; balances: SelectOption[] }) {
  const [state, formAction] = useActionState<PayoutState, FormData>(payOut, {});
  const values = state.values;
  const key = state.idempotencyKey ?? idempotencyKey;
  return (
    <section aria-labelledby="pay-out-now" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="pay-out-now" className="text-lg font-semibold text-slate-900">
        Pay out now
      </h2>
      {state.preview ? (
        <form action={formAction} className="mt-3 space-y-4">
          <input type="hidden" name="idempotencyKey" value={key} />
          <input type="hidden" name="balance" value={values?.balance ?? ''} />
          <input type="hidden" name="amount" value={values?.amount ?? ''} />
          <div role="group" aria-labelledby="payout-question" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">
            <p id="payout-question">
              Pay out <strong data-testid="payout-amount">{state.preview.amountText}</strong> to <strong data-testid="payout-destination">{state.preview.destination}</strong>?
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {state.preview.ceiling
                ? 'Whole payments are paid, oldest first, so the amount may come to a little less. '
                : 'Everything available now, net of fees. '}
              It cannot be stopped once sent.
            </p>
          </div>
          <FormMessage message={state.message} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="confirm" pendingLabel="Paying out…">
              Confirm payout
            </SubmitButton>
            <SubmitButton name="intent" value="edit" variant="secondary" pendingLabel="Going back…">
              Change
            </SubmitButton>
          </div>
        </form>
      ) : (
        <form key={JSON.stringify(state)} action={formAction} noValidate className="mt-3 space-y-4">
          <input type="hidden" name="idempotencyKey" value={key} />
          <input type="hidden" name="intent" value="review" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Balance" name="balance" id="payout-balance" options={balances} defaultValue={values?.balance} errors={state.errors?.balance} />
            <Field
              label="Amount (optional)"
              name="amount"
              id="payout-amount"
              inputMode="decimal"
              autoComplete="off"
              hint="Leave it empty to pay out everything available."
              defaultValue={values?.amount}
              errors={state.errors?.amount}
            />
          </div>
          <FormMessage message={state.message} />
          <SubmitButton pendingLabel="Checking…">Review payout</SubmitButton>
        </form>
      )}
    </section>
  );
}
