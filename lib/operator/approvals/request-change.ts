import { conflict } from '@/lib/api/errors';
import type { Queryable } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { operatorName, type OperatorPrincipal } from '../principal';
import { operatorApprovals, type ApprovalKind } from '../schema';

/** A change waiting for a second PLATFORM_ADMIN; one pending per merchant's currency (or collection account). */
export async function insertPendingChange(
  tx: Queryable,
  operator: OperatorPrincipal,
  change: { kind: ApprovalKind; merchantId: string | null; currency: string; proposal: Record<string, unknown>; reason: string },
) {
  try {
    const [row] = await tx
      .insert(operatorApprovals)
      .values({ ...change, requestedBy: operator.userId, requestedByLabel: `${operatorName(operator)} <${operator.email}>` })
      .returning();
    return row!;
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'operator_approvals_one_pending_idx') {
      throw conflict(`A change of this ${change.kind === 'PRICING' ? "merchant's " : ''}${change.currency} ${change.kind === 'PRICING' ? 'pricing' : 'collection account'} is already pending: approve or reject it first.`);
    }
    throw error;
  }
}
