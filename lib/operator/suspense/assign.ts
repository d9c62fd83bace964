import { ApiError, notFound, unprocessable } from '@/lib/api/errors';
import type { OperatorPrincipal } from '@/lib/api/principal';
import { merchantNames } from '@/lib/merchants/names';
import { assignSuspense } from '@/lib/suspense/assign';
import { recordOperatorChange } from '../audit';
import { toOperatorSuspenseJson } from './serialize';

/**
 * An operator gives unknown-merchant suspense to an account (lib/suspense/assign.ts, as the CLI
 * does), the reason written to both audit logs inside the assignment's transaction.
 */
export async function assignUnknownSuspense(operator: OperatorPrincipal, suspenseId: string, input: { accountNumber: string; reason: string }) {
  const outcome = await assignSuspense(suspenseId, input.accountNumber, (tx, assigned, account) =>
    recordOperatorChange(tx, operator, {
      merchantIds: [account.merchantId],
      action: 'suspense.assigned',
      targetType: 'suspense_payment',
      targetId: assigned.id,
      summary: `gave ${assigned.amount ?? assigned.amountText} ${assigned.currency} in suspense (${assigned.rail} ${assigned.providerReference}) to account ${account.accountNumber}: ${input.reason}`,
      details: { accountNumber: account.accountNumber, virtualAccountId: account.id, reason: input.reason },
    }),
  );
  if (!outcome.ok) {
    if (outcome.reason === 'not_found') throw notFound('The suspense payment');
    if (outcome.reason === 'already_assigned') throw new ApiError(409, 'already_assigned', 'Conflict', 'This suspense already belongs to a merchant; only that merchant can resolve it or ask for its return.');
    throw unprocessable('No account has this number.', [{ path: 'accountNumber', message: 'No account has this number.' }], 'unknown_account');
  }
  const names = await merchantNames([outcome.suspense.merchantId!]);
  return toOperatorSuspenseJson(outcome.suspense, names);
}
