'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { signIn, type LoginFormState } from './actions';

export function LoginForm({ callbackUrl, initialMessage }: { callbackUrl: string; initialMessage?: string }) {
  const [state, formAction, pending] = useActionState<LoginFormState, FormData>(signIn, { message: initialMessage });
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
      <FormMessage message={state.message} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
