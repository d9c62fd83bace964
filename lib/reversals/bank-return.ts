import { unprocessable } from '@/lib/api/errors';
import { readRailAmount } from '@/lib/money/rail-amount';
import { logger } from '@/lib/platform/logger';
import { storableKey } from '@/lib/platform/text';
import { reverseByRail, type RailReturnOutcome } from './rail-return';
import type { BankReturnInput } from './schemas';

/**
 * A bank's signed notice that it returned a credit to the payer. The money has left our account
 * already, so it is never refused for the balance: the payment is reversed whatever the account
 * holds. An amount that is not money, or not the whole credit, is answered 422 (nothing changes,
 * logged for an operator): partial returns are not something this service records.
 */
export async function processBankReturn(notice: BankReturnInput): Promise<RailReturnOutcome> {
  const amount = readRailAmount(notice.amount, notice.currency);
  if (!amount.ok) throw unprocessable('The amount is not money.', [{ path: 'amount', message: 'Must be a positive amount in the currency\'s units.' }]);
  try {
    return await reverseByRail({
      rail: 'BANK',
      providerReference: storableKey(notice.originalBankReference),
      railReference: notice.returnReference,
      reason: notice.reason ?? 'Returned by the bank',
      amount: amount.amount,
      currency: notice.currency,
    });
  } catch (error) {
    logger().error({ returnReference: notice.returnReference, originalBankReference: notice.originalBankReference, err: error }, 'bank return notification not applied');
    throw error;
  }
}
