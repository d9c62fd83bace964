'use server';

import { z } from 'zod';
import { balanceView, type BalanceView } from '@/components/payments/balance-view';
import { accountRoutes } from '@/lib/accounts/routes';
import { isServiceError } from '@/lib/portal/errors';
import { portalClient, requireSession } from '@/lib/portal/session';

/** An account's balance now, for the account page's live figure. Null when it is not the caller's. */
export async function accountBalance(accountId: string): Promise<BalanceView | null> {
  const session = await requireSession();
  const id = z.uuid().safeParse(accountId);
  if (!id.success) return null;
  try {
    return balanceView(await portalClient(session).call(accountRoutes.get, { params: { virtualAccountId: id.data } }));
  } catch (error) {
    if (isServiceError(error) && error.status === 404) return null;
    throw error;
  }
}
