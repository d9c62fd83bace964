'use client';

import { useActionState } from 'react';
import { changePassword, type PasswordState } from '@/app/(portal)/account/actions';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';

export function ChangePasswordForm() {
  const [state, formAction] = useActionState<PasswordState, FormData>(changePassword, {});
  return (
    <form action={formAction} noValidate className="max-w-md space-y-4">
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" errors={state.errors?.currentPassword} />
      <Field label="New password" name="newPassword" type="password" autoComplete="new-password" hint="At least 8 characters." errors={state.errors?.newPassword} />
      <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
      <SubmitButton pendingLabel="Changing…">Change password</SubmitButton>
    </form>
  );
}
