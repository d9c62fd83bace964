'use client';

import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { PromptFormState } from './prompt-form-state';

export interface PromptFormText {
  title: string;
  intro: string;
  phone: string;
  phoneHint: string;
  amount: string;
  submit: string;
  sending: string;
}

/**
 * "Send the M-Pesa prompt to my phone": the payer's number (any Kenyan form), and on an account's
 * page the amount. A plain form posting to a server action, so it works without JavaScript;
 * every sentence comes from the server in the page's language.
 */
export function PromptForm({ action, withAmount, text }: { action: (state: PromptFormState, formData: FormData) => Promise<PromptFormState>; withAmount: boolean; text: PromptFormText }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <section aria-labelledby="pay-prompt" className="mt-6 rounded-lg border border-slate-300 p-4" data-print="hide">
      <h2 id="pay-prompt" className="text-lg font-semibold text-slate-900">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text.intro}</p>
      <form action={formAction} className="mt-3 grid gap-3 sm:max-w-md" noValidate>
        <Field
          label={text.phone}
          name="phone"
          id="payer-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint={text.phoneHint}
          defaultValue={state.values?.phone}
          errors={state.errors?.phone}
        />
        {withAmount && (
          <Field label={text.amount} name="amount" id="payer-amount" inputMode="numeric" pattern="[0-9]*" required defaultValue={state.values?.amount} errors={state.errors?.amount} />
        )}
        <FormMessage message={state.message} />
        <div>
          <SubmitButton pendingLabel={text.sending}>{text.submit}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
