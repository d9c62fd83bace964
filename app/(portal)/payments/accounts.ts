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
export async function filterAccounts(client: ServiceClient, chosenId: string | undefined): Promise<Account[]> {
  const [lists, chosen] = await Promise.all([
    Promise.all(LISTED_PURPOSES.map((purpose) => client.call(accountRoutes.list, { query: { purpose, limit: 200 } }))),
    chosenId
      ? client.call(accountRoutes.get, { params: { virtualAccountId: chosenId } }).catch((error: unknown) => {
          unstable_rethrow(error);
          return undefined;
        })
      : undefined,
  ]);
  const accounts = lists.flat();
  return chosen && !accounts.some((account) => account.id === chosen.id) ? [chosen, ...accounts] : accounts;
}

export const accountOption = (account: Account): SelectOption => ({
  value: account.id,
  label: `${account.accountNumber} · ${account.purposeLabel} · ${account.accountName}${account.status === 'CLOSED' ? ' (closed)' : ''}`,
});
