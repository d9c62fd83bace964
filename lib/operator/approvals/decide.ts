import { eq, sql } from 'drizzle-orm';
import { setCollectionAccount } from '@/lib/accounts/collection-accounts';
import { ApiError, conflict } from '@/lib/api/errors';
import { merchantById } from '@/lib/merchants/directory';
import { db, type Queryable } from '@/lib/platform/db';
import type { FeeScheduleText } from '@/lib/platform/fee-schedule';
import { forgetPricing, pricingOfMerchant } from '@/lib/pricing/current';
import { setMerchantPricing } from '@/lib/pricing/set-merchant-pricing';
import { recordOperatorChange } from '../audit';
import { operatorName, type OperatorPrincipal } from '../principal';
import { operatorApprovals, type OperatorApprovalRow } from '../schema';
import { lockApproval } from './queries';

export const fourEyesRequired = () =>
  new ApiError(403, 'four_eyes_required', 'Four eyes required', 'You asked for this change: a second PLATFORM_ADMIN must approve it.');

/** The merchant's own schedule with one currency replaced (or removed: back to the default). */
async function scheduleWith(tx: Queryable, merchantId: string, currency: string, rules: Record<string, unknown>): Promise<FeeScheduleText> {
  forgetPricing(merchantId);
  const latest = (await pricingOfMerchant(merchantId, tx)).versions[0];
  const schedule: FeeScheduleText = { ...(latest?.schedule ?? {}) };
  if (Object.keys(rules).length === 0) delete schedule[currency];
  else schedule[currency] = rules as FeeScheduleText[string];
  return schedule;
}

async function apply(tx: Queryable, row: OperatorApprovalRow, approver: OperatorPrincipal): Promise<void> {
  if (row.kind === 'PRICING') {
    const schedule = await scheduleWith(tx, row.merchantId!, row.currency, (row.proposal.rules ?? {}) as Record<string, unknown>);
    await setMerchantPricing(
      { merchantId: row.merchantId!, schedule: JSON.stringify(schedule), createdBy: `${row.requestedByLabel}, approved by ${operatorName(approver)} <${approver.email}>`, reason: row.reason },
      tx,
    );
    forgetPricing(row.merchantId!);
    return;
  }
  const { accountNumber, bankName, branch } = row.proposal as { accountNumber: string; bankName: string; branch: string };
  await setCollectionAccount(tx, row.currency, { accountNumber, bankName, branch }, approver.userId);
}

const what = (row: OperatorApprovalRow) => (row.kind === 'PRICING' ? `${row.currency} fees` : `the ${row.currency} collection account`);

/**
 * Approve (a PLATFORM_ADMIN who did not ask: 403 four_eyes_required to the asker, and the database
 * refuses it too) or reject (any PLATFORM_ADMIN; the asker withdraws their own so). An approved
 * change is applied in the same transaction, from now on; its audit rows too.
 */
export async function decideChange(operator: OperatorPrincipal, id: string, decision: 'APPROVED' | 'REJECTED', note: string | undefined) {
  return db().transaction(async (tx) => {
    const row = await lockApproval(tx, id);
    if (row.status !== 'PENDING') throw conflict(`This change was already ${row.status.toLowerCase()}.`);
    if (decision === 'APPROVED' && row.requestedBy === operator.userId) throw fourEyesRequired();
    if (decision === 'APPROVED') await apply(tx, row, operator);
    const [decided] = await tx
      .update(operatorApprovals)
      .set({ status: decision, decidedBy: operator.userId, decidedByLabel: `${operatorName(operator)} <${operator.email}>`, decidedAt: sql`now()`, decisionNote: note ?? null })
      .where(eq(operatorApprovals.id, id))
      .returning();
    const merchantName = row.merchantId ? (await merchantById(row.merchantId, tx)).name : undefined;
    await recordOperatorChange(tx, operator, {
      merchantId: row.merchantId,
      action: `${row.kind === 'PRICING' ? 'pricing' : 'collection_account'}.change_${decision === 'APPROVED' ? 'approved' : 'rejected'}`,
      targetType: row.kind === 'PRICING' ? 'pricing_change' : 'collection_account_change',
      targetId: row.id,
      summary: `${decision === 'APPROVED' ? 'approved' : 'rejected'} the change of ${what(row)}${merchantName ? ` for ${merchantName}` : ''} asked by ${row.requestedByLabel}${note ? `: ${note}` : '.'}`,
      details: { currency: row.currency, proposal: row.proposal, note: note ?? null },
    });
    return { row: decided!, merchantName };
  });
}
