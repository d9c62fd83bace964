import 'server-only';
import type { Prompt } from '@/components/stk/types';
import { accountRoutes } from '@/lib/accounts/routes';
import type { ServiceClient } from '@/lib/client';
import { billReference, customerName, namesOf, quietly } from '../record-labels';

/** What a prompt was for, in words, and the page of that bill, customer or account. */
export interface PromptPurpose {
  label: string;
  href: string;
}

type Names = { bills: ReadonlyMap<string, string | undefined>; customers: ReadonlyMap<string, string | undefined> };

function purposeOf(prompt: Prompt, names: Names, mainAccountNumber: string | undefined): PromptPurpose {
  if (prompt.expectedPaymentId) {
    const reference = names.bills.get(prompt.expectedPaymentId);
    return { label: reference ? `Bill ${reference}` : 'A bill', href: `/bills/${prompt.expectedPaymentId}` };
  }
  if (prompt.customerId) {
    const name = names.customers.get(prompt.customerId);
    return { label: name ? `Customer ${name}` : 'A customer', href: `/customers/${prompt.customerId}` };
  }
  // An account number: the main account has its own page; any other is among the accounts.
  if (mainAccountNumber === prompt.accountNumber) return { label: `Main account ${prompt.accountNumber}`, href: '/account' };
  return { label: `Account ${prompt.accountNumber}`, href: '/accounts' };
}

/**
 * What each prompt of a list was for, by prompt id: the bill by its reference, the customer by name
 * (each fetched once however many prompts name it), or the account by its number.
 */
export async function promptPurposes(client: ServiceClient, prompts: Prompt[], mainAccountNumber: string | undefined): Promise<Map<string, PromptPurpose>> {
  const [bills, customers] = await Promise.all([
    namesOf(prompts.map((prompt) => prompt.expectedPaymentId), (id) => billReference(client, id)),
    namesOf(prompts.map((prompt) => (prompt.expectedPaymentId ? null : prompt.customerId)), (id) => customerName(client, id)),
  ]);
  return new Map(prompts.map((prompt) => [prompt.id, purposeOf(prompt, { bills, customers }, mainAccountNumber)]));
}

/** One prompt's purpose (its own page), the main account looked up only when the prompt paid into an account. */
export async function promptPurpose(client: ServiceClient, prompt: Prompt): Promise<PromptPurpose> {
  const main = prompt.expectedPaymentId || prompt.customerId ? undefined : await quietly(client.call(accountRoutes.legacy));
  return (await promptPurposes(client, [prompt], main?.accountNumber)).get(prompt.id)!;
}
