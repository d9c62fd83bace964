import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { Prompt } from '@/components/stk/types';
import { accountRoutes } from '@/lib/accounts/routes';
import { billRoutes } from '@/lib/bills/routes';
import type { ServiceClient } from '@/lib/client';
import { customerRoutes } from '@/lib/customers/routes';

/** What a prompt was for, in words, and the page of that bill, customer or account. */
export interface PromptPurpose {
  label: string;
  href?: string;
}

/** A name is a courtesy: a bill or customer out of sight (deleted, another sub-merchant) still links by id. */
const quietly = <T,>(pending: Promise<T>): Promise<T | undefined> =>
  pending.catch((error: unknown) => {
    unstable_rethrow(error);
    return undefined;
  });

export async function promptPurpose(client: ServiceClient, prompt: Prompt): Promise<PromptPurpose> {
  if (prompt.expectedPaymentId) {
    const bill = await quietly(client.call(billRoutes.get, { params: { expectedPaymentId: prompt.expectedPaymentId } }));
    return { label: bill ? `Bill ${bill.paymentReference}` : 'A bill', href: `/bills/${prompt.expectedPaymentId}` };
  }
  if (prompt.customerId) {
    const customer = await quietly(client.call(customerRoutes.get, { params: { customerId: prompt.customerId } }));
    return { label: customer ? `Customer ${customer.displayName}` : 'A customer', href: `/customers/${prompt.customerId}` };
  }
  // An account number: the main account has its own page; any other is among the accounts.
  const main = await quietly(client.call(accountRoutes.legacy));
  if (main?.accountNumber === prompt.accountNumber) return { label: `Main account ${prompt.accountNumber}`, href: '/account' };
  return { label: `Account ${prompt.accountNumber}`, href: '/accounts' };
}
