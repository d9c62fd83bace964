import { fromUnits, toUnits } from '@/lib/money/decimal';
import type { BillStatus } from '@/lib/bills/schema';
import { billIsClosed } from './acceptance';
import type { BillRow } from './resolve';
import type { MatchStatus } from './schema';

export interface Match {
  matchStatus: MatchStatus;
  overpaidAmount: string;
  /** The bill's new state, when the payment counts toward it. */
  bill?: { amountPaid: string; status: BillStatus; settled: boolean };
}

/**
 * What a payment does to a bill. Payments add up: less than due leaves it PARTIALLY_PAID, reaching
 * the amount makes it PAID, going over makes it PAID with the surplus recorded on the payment.
 * Money for a bill that is closed, or in another currency, is credited but needs a person to look.
 */
export function matchPayment(amount: string, currency: string, bill: BillRow | null, now: Date): Match {
  if (!bill) return { matchStatus: 'UNMATCHED', overpaidAmount: '0' };
  if (billIsClosed(bill, now) || bill.currency !== currency) return { matchStatus: 'NEEDS_ATTENTION', overpaidAmount: '0' };
  const paid = toUnits(bill.amountPaid) + toUnits(amount);
  const due = toUnits(bill.amount);
  if (paid < due) {
    return { matchStatus: 'PARTIAL', overpaidAmount: '0', bill: { amountPaid: fromUnits(paid), status: 'PARTIALLY_PAID', settled: false } };
  }
  // Only the part of this payment beyond what was still due counts as overpaid.
  const overpaid = paid - due;
  return {
    matchStatus: overpaid > 0n ? 'OVERPAID' : 'MATCHED',
    overpaidAmount: fromUnits(overpaid),
    bill: { amountPaid: fromUnits(paid), status: 'PAID', settled: true },
  };
}
