'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { provisionCustomerAccount, type ProvisionCustomerAccountState } from '@/app/(portal)/customers/actions';

/** One button: gives the customer its own account number (the page then shows it). */
export function ProvisionCustomerAccountForm({ customerId, idempotencyKey }: { customerId: string; idempotencyKey: string }) {
  const [state, formAction] = useActionState<ProvisionCustomerAccountState, FormData>(provisionCustomerAccount, {});
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="customerId" value={customerId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <SubmitButton pendingLabel="Provisioning…">Provision virtual account</SubmitButton>
      <FormMessage message={state.message} />
    </form>
  );
}
