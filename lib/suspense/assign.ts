import { and, eq, isNull } from 'drizzle-orm';
import { newestFirst } from '@/lib/api/pagination';
import { virtualAccounts } from '@/lib/accounts/schema';
import { suspensePayments } from '@/lib/payments/schema';
import { recordAudit } from '@/lib/audit/record';
import { db, type Queryable } from '@/lib/platform/db';
import type { SuspenseRow } from './serialize';
import { formatMoney } from '@/lib/money/decimal';
import { railName } from '@/lib/money/rails';

export type AssignOutcome =
  | { ok: true; suspense: SuspenseRow }
  | { ok: false; reason: 'not_found' | 'already_assigned' | 'unknown_account' };

/** Who assigned, recorded in the assignment's transaction (the operator console's audit: lib/operator/suspense). */
export type AssignAudit = (tx: Queryable, assigned: SuspenseRow, account: { id: string; merchantId: string; accountNumber: string }) => Promise<void>;

/**
 * An operator gives suspense whose account number named no merchant to the account the payer
 * meant (found by asking the payer, or from the bank's records). It is not credited here: the
 * merchant then sees it in its suspense and resolves it (or asks for its return), so a person of
 * the merchant confirms the money is theirs before their balance moves. A row already given to a
 * merchant is never taken from it.
 */
export async function assignSuspense(suspenseId: string, accountNumber: string, audit?: AssignAudit): Promise<AssignOutcome> {
  return db().transaction(async (tx) => {
    const [account] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.accountNumber, accountNumber.trim()));
    if (!account) return { ok: false, reason: 'unknown_account' } as const;
    const [assigned] = await tx
      .update(suspensePayments)
      .set({ merchantId: account.merchantId, subMerchantId: account.subMerchantId, virtualAccountId: account.id })
      .where(and(eq(suspensePayments.id, suspenseId), isNull(suspensePayments.merchantId)))
      .returning();
    if (assigned && audit) {
      await audit(tx, assigned, account);
      return { ok: true, suspense: assigned } as const;
    }
    if (assigned) {
      await recordAudit(tx, {
        merchantId: account.merchantId,
        action: 'suspense.assigned',
        target: { type: 'suspense_payment', id: assigned.id },
        summary: `${assigned.amount === null ? `${assigned.amountText} ${assigned.currency}` : formatMoney(assigned.amount, assigned.currency)} in suspense (${railName(assigned.rail)} ${assigned.providerReference}) given to this merchant by an operator, for account ${account.accountNumber}.`,
      });
      return { ok: true, suspense: assigned } as const;
    }
    const [existing] = await tx.select({ id: suspensePayments.id }).from(suspensePayments).where(eq(suspensePayments.id, suspenseId));
    return { ok: false, reason: existing ? 'already_assigned' : 'not_found' } as const;
  });
}

/** The operator's list: unassigned suspense, or with `all` every OPEN row of any merchant. */
export function listOperatorSuspense(options: { all: boolean; limit: number }): Promise<SuspenseRow[]> {
  return db()
    .select()
    .from(suspensePayments)
    .where(options.all ? eq(suspensePayments.status, 'OPEN') : isNull(suspensePayments.merchantId))
    .orderBy(...newestFirst(suspensePayments.createdAt, suspensePayments.id))
    .limit(options.limit);
}
