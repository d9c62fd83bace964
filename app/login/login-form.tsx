'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { signIn, signInWithCode, type LoginFormState } from './actions';

export function LoginForm({ callbackUrl, initialMessage }: { callbackUrl: string; initialMessage?: string }) {
  const [state, formAction, pending] = useActionState<LoginFormState, FormData>(signIn, { message: initialMessage });
  const [codeState, codeAction, codePending] = useActionState<LoginFormState, FormData>(signInWithCode, {});
  // The code step lasts while the service's token does; an expired one brings the password form back.
  const passwordStepExpired = Boolean(state.mfaToken) && state.mfaToken === codeState.expiredToken;
  const mfaToken = codeState.mfaToken && !passwordStepExpired ? codeState.mfaToken : passwordStepExpired ? undefined : state.mfaToken;
  if (mfaToken) {
    return (
      <form action={codeAction} noValidate className="space-y-5">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <input type="hidden" name="mfaToken" value={mfaToken} />
        <Field
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          required
          autoFocus
          errors={codeState.errors?.code}
        />
        <FormMessage message={codeState.errors?.code ? undefined : codeState.message ?? state.message} />
        <Button type="submit" disabled={codePending} className="w-full">
          {codePending ? 'Checking…' : 'Verify and sign in'}
        </Button>
      </form>
    );
  }
  return (
    // noValidate: the server's messages, tied to each field, are the ones users see, with or without JavaScript.
    <form action={formAction} noValidate className="space-y-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        defaultValue={state.values?.email}
        errors={state.errors?.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        errors={state.errors?.password}
      />
      <FormMessage message={passwordStepExpired ? codeState.message : state.message} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
