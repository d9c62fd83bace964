import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { Account } from '@/components/accounts/types';
import type { SelectOption } from '@/components/ui/select-field';
import { accountRoutes } from '@/lib/accounts/routes';
import type { ServiceClient } from '@/lib/client';

/** Accounts worth choosing from a list; invoice and customer accounts are one per bill or customer, so too many. */
const LISTED_PURPOSES = ['LEGACY', 'BRAND', 'SUBSCRIBER', 'CURRENCY'] as const;

/**
 * The accounts the payments filter offers, plus the one already chosen when it is not among
 * them (an invoice account reached from its bill, say).
 */
export async function filterAccounts(client: ServiceClient, chosen: Account | undefined): Promise<Account[]> {
  const listed = await client.call(accountRoutes.list, { query: { purpose: [...LISTED_PURPOSES], limit: 200 } });
  const accounts = byPurpose(listed, LISTED_PURPOSES);
  return chosen && !accounts.some((account) => account.id === chosen.id) ? [chosen, ...accounts] : accounts;
}

/** The account the filter names, or nothing when it is not one of the merchant's (the filter then finds nothing). */
export async function chosenAccount(client: ServiceClient, chosenId: string | undefined): Promise<Account | undefined> {
  if (!chosenId) return undefined;
  return client.call(accountRoutes.get, { params: { virtualAccountId: chosenId } }).catch((error: unknown) => {
    unstable_rethrow(error);
    return undefined;
  });
}

/** Accounts grouped in the order of `purposes` (the service lists them newest first), each group newest first. */
export function byPurpose<A extends { purpose: string }>(accounts: A[], purposes: readonly string[]): A[] {
  const rank = (account: A) => purposes.indexOf(account.purpose);
  return accounts.map((account, index) => ({ account, index })).sort((a, b) => rank(a.account) - rank(b.account) || a.index - b.index).map(({ account }) => account);
}

export const accountOption = (account: Account): SelectOption => ({
  value: account.id,
  label: `${account.accountNumber} · ${account.purposeLabel} · ${account.accountName}${account.status === 'CLOSED' ? ' (closed)' : ''}`,
});
