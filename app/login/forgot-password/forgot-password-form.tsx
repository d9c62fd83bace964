'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { requestReset, type ForgotPasswordState } from './actions';

export function ForgotPasswordForm() {
  const [state, formAction] = useActionState<ForgotPasswordState, FormData>(requestReset, {});
  if (state.sent) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success" message={state.message} />
        <p className="text-sm text-slate-700">Nothing after a few minutes? Look in your spam folder, or ask an administrator of your team for a link.</p>
        <Link href="/login" className="font-medium text-brand-800 underline underline-offset-2">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} noValidate className="space-y-5">
      <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={state.values?.email} errors={state.errors?.email} />
      <FormMessage message={state.message} />
      <SubmitButton pendingLabel="Sending…" className="w-full">
        Email me a reset link
      </SubmitButton>
    </form>
  );
}
