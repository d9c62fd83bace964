'use client';

import Link from '@/components/ui/link';
import { useActionState } from 'react';
import type { SetPasswordState } from '@/app/invitations/actions';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';

/** The one-time form behind an invitation or a password-reset link. */
export function SetPasswordForm({
  action,
  token,
  email,
  askName,
  submitLabel,
}: {
  action: (previous: SetPasswordState, formData: FormData) => Promise<SetPasswordState>;
  token: string;
  email: string;
  askName: boolean;
  submitLabel: string;
}) {
  const [state, formAction] = useActionState(action, {});
  if (state.done) {
    return (
      <div className="space-y-4">
        <FormMessage tone="success" message="All set. You can now sign in with your email and new password." />
        <Link href="/login" className="font-medium text-brand-800 underline underline-offset-2">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form action={formAction} noValidate className="space-y-5">
      <input type="hidden" name="token" value={token} />
      <Field label="Email" name="email" type="email" autoComplete="username" value={email} readOnly />
      {askName && (
        <>
          <Field label="First name" name="firstName" autoComplete="given-name" defaultValue={state.values?.firstName} errors={state.errors?.firstName} />
          <Field label="Last name" name="lastName" autoComplete="family-name" defaultValue={state.values?.lastName} errors={state.errors?.lastName} />
        </>
      )}
      <Field label="New password" name="password" type="password" autoComplete="new-password" hint="At least 8 characters." errors={state.errors?.password} />
      <FormMessage message={state.message} />
      <SubmitButton pendingLabel="Saving…" className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
