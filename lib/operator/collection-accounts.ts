import type { z } from '@hono/zod-openapi';
import {
  collectionAccountOf,
  collectionAccountReceivedCredits,
  isSandboxDefault,
  listCollectionAccounts,
  setCollectionAccount,
  type CollectionAccountRow,
} from '@/lib/accounts/collection-accounts';
import { isCollectable } from '@/lib/money/channels';
import { unprocessable } from '@/lib/api/errors';
import { db } from '@/lib/platform/db';
import { pendingCollectionAccountChanges } from './approvals/queries';
import { insertPendingChange } from './approvals/request-change';
import { recordOperatorChange } from './audit';
import type { OperatorPrincipal } from './principal';
import type { CollectionAccountRequest } from './schemas';
import { toApprovalJson } from './serialize';

type Pending = Awaited<ReturnType<typeof pendingCollectionAccountChanges>>[number];

const toCollectionAccountJson = (account: CollectionAccountRow, receivedCredits: boolean, pending: Pending | undefined) => ({
  currency: account.currency,
  accountNumber: account.bankAccountNumber,
  bankName: account.bankName,
  branch: account.branch,
  isSandboxDefault: isSandboxDefault(account),
  receivedCredits,
  updatedAt: account.updatedAt?.toISOString() ?? null,
  pendingChange: pending ? toApprovalJson(pending) : null,
});

export async function collectionAccountsForOperator() {
  const [accounts, pending] = await Promise.all([listCollectionAccounts(), pendingCollectionAccountChanges()]);
  const data = await Promise.all(
    accounts.map(async (account) => toCollectionAccountJson(account, await collectionAccountReceivedCredits(account), pending.find((row) => row.currency === account.currency))),
  );
  return { data };
}

/**
 * The bank's real account for a currency. Applied at once while nothing was credited through the
 * account (a new currency, or the sandbox default); once money went through it, a wrong number
 * would send statement imports astray, so a second PLATFORM_ADMIN must approve (four eyes).
 */
export async function putCollectionAccount(operator: OperatorPrincipal, currency: string, input: z.infer<typeof CollectionAccountRequest>) {
  if (!isCollectable(currency)) throw unprocessable('No payment channel carries this currency.', [{ path: 'currency', message: `${currency} is not collected` }]);
  const proposal = { accountNumber: input.accountNumber, bankName: input.bankName, branch: input.branch };
  return db().transaction(async (tx) => {
    const current = await collectionAccountOf(tx, currency);
    if (await collectionAccountReceivedCredits(current, tx)) {
      const row = await insertPendingChange(tx, operator, { kind: 'COLLECTION_ACCOUNT', merchantId: null, currency, proposal, reason: input.reason });
      await recordOperatorChange(tx, operator, {
        action: 'collection_account.change_requested',
        targetType: 'collection_account_change',
        targetId: row.id,
        summary: `asked to change the ${currency} collection account to ${input.accountNumber} at ${input.bankName}, ${input.branch} (pending a second administrator): ${input.reason}`,
        details: { currency, from: current.bankAccountNumber, ...proposal },
      });
      return { status: 'PENDING' as const, account: null, approval: toApprovalJson(row) };
    }
    const updated = await setCollectionAccount(tx, currency, proposal, operator.userId);
    await recordOperatorChange(tx, operator, {
      action: 'collection_account.changed',
      targetType: 'collection_account',
      targetId: updated.id,
      summary: `set the ${currency} collection account to ${input.accountNumber} at ${input.bankName}, ${input.branch}: ${input.reason}`,
      details: { currency, from: current.bankAccountNumber, ...proposal },
    });
    return { status: 'APPLIED' as const, account: toCollectionAccountJson(updated, false, undefined), approval: null };
  });
}
