'use client';

import Link from '@/components/ui/link';
import { useActionState, type ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { sendPrompt, type SendPromptState } from '@/app/(portal)/stk/actions';
import { PromptStatusPanel } from './prompt-status-panel';

export interface SendPromptFormProps {
  /** Made when the page was rendered, so that a double submission sends one prompt. */
  idempotencyKey: string;
  /** What the prompt pays: a bill or customer by id, an account by its number. */
  target: { type: 'bill' | 'customer' | 'account'; id: string };
  /** Completes "asks the payer … to pay …". */
  what: string;
  defaults: { phone?: string; amount?: string };
  /**
   * False once there is nothing to ask for (a paid bill, a closed account). The form then
   * hides, but a prompt already followed here stays on screen until it ends.
   */
  open: boolean;
  /** Shown under the form: in the sandbox, the simulator's test numbers. */
  help?: ReactNode;
  /** The prompts list filtered to this bill or customer, to find earlier prompts. */
  promptsHref?: string;
}

/** The phone and amount to prompt for, then the prompt's status, live, in place of a reload. */
export function SendPromptForm({ idempotencyKey, target, what, defaults, open, help, promptsHref }: SendPromptFormProps) {
  const [state, formAction] = useActionState<SendPromptState, FormData>(sendPrompt, {});
  if (!open && !state.prompt) return null;
  const values = state.values;
  return (
    <section aria-labelledby="send-prompt" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="send-prompt" className="text-lg font-semibold text-slate-900">
        Send a payment prompt
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        M-Pesa asks the payer on their phone to pay {what}; they confirm with their M-Pesa PIN. Nothing is paid until they do.
      </p>
      {open && (
        <form action={formAction} noValidate className="mt-4 space-y-4">
          <input type="hidden" name="idempotencyKey" value={state.idempotencyKey ?? idempotencyKey} />
          <input type="hidden" name="targetType" value={target.type} />
          <input type="hidden" name="targetId" value={target.id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Payer's M-Pesa number"
              name="phone"
              id="prompt-phone"
              type="tel"
              autoComplete="off"
              placeholder="0712 345 678"
              hint="A Kenyan mobile number: 0712 345 678, +254 712 345 678 or 254712345678."
              required
              defaultValue={values?.phone ?? defaults.phone}
              errors={state.errors?.phone}
            />
            <Field
              label="Amount (KES)"
              name="amount"
              id="prompt-amount"
              inputMode="numeric"
              autoComplete="off"
              hint="Whole shillings: M-Pesa prompts take no cents."
              required
              defaultValue={values?.amount ?? defaults.amount}
              errors={state.errors?.amount}
            />
          </div>
          <FormMessage message={state.message} />
          <SubmitButton pendingLabel="Sending the prompt…">Send prompt</SubmitButton>
        </form>
      )}
      {open && help}
      {promptsHref && (
        <p className="mt-3 text-sm">
          <Link href={promptsHref} className="font-medium text-brand-800 underline">
            Prompts sent before
          </Link>
        </p>
      )}
      {state.prompt && <PromptStatusPanel key={state.prompt.id} initial={state.prompt} />}
    </section>
  );
}
