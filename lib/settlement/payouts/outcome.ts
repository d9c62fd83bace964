import { readRailAmount } from '@/lib/money/rail-amount';
import { formatMoney, toUnits } from '@/lib/money/decimal';
import { logger } from '@/lib/platform/logger';
import { sentText } from '@/lib/rails/daraja-result';
import type { SettlementRow } from '../schema';
import { markFailed, markPaid } from '../transitions';

/**
 * M-Pesa says the payout was made. Applied when it names the settlement's amount: another amount
 * (or none we can read) is not applied but logged for an operator, the settlement staying where
 * it is; paying it would put the ledger out of step with the money either way.
 */
export async function applyPaid(settlement: SettlementRow, answer: { receipt: string; amount: unknown; paidAt?: Date }, source: string): Promise<boolean> {
  const read = readRailAmount(answer.amount, settlement.currency);
  if (!read.ok || toUnits(read.amount) !== toUnits(settlement.amount)) {
    logger().error(
      { settlementId: settlement.id, amount: sentText(answer.amount), source },
      `M-Pesa reported paying ${read.ok ? formatMoney(read.amount, settlement.currency) : 'an amount we cannot read'} for a settlement of ${formatMoney(settlement.amount, settlement.currency)}: not applied; reconcile it with Safaricom.`,
    );
    return false;
  }
  const result = await markPaid(settlement.id, { providerReference: answer.receipt || null, paidAt: answer.paidAt });
  if (result && !result.changed && result.settlement.status !== 'PAID') {
    logger().error({ settlementId: settlement.id, status: result.settlement.status, source }, 'M-Pesa paid a settlement already given up as failed: reconcile it with Safaricom (the merchant may be paid twice).');
  }
  return result?.changed ?? false;
}

/** M-Pesa says the payout was not made: the settlement fails, the money is back in `available`. */
export async function applyFailed(settlement: SettlementRow, reason: string): Promise<boolean> {
  return (await markFailed(settlement.id, reason))?.changed ?? false;
}
