'use client';

import { useFormStatus } from 'react-dom';
import { Button, type ButtonProps } from './button';

/**
 * The submit button of the form it sits in, disabled while that form is being sent, so that a
 * second click cannot send it twice (the idempotency key guards the server side as well).
 */
export function SubmitButton({ children, pendingLabel, ...props }: ButtonProps & { pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
