import { amountProblem } from '@/lib/money/decimal';
import type { InboundPayment, RejectionReason } from './inbound';
import type { AccountRow, BillRow } from './resolve';

const finished = new Set(['PAID', 'CANCELLED', 'EXPIRED']);

/** A bill no longer waiting for money: settled, cancelled, or past its expiry. */
export const billIsClosed = (bill: Pick<BillRow, 'status' | 'expiresAt'>, now: Date) =>
  finished.has(bill.status) || bill.expiresAt.getTime() <= now.getTime();

/**
 * Whether an account may take this payment now: what a rail's validation step asks before money
 * moves. Returns the first reason to refuse, or undefined.
 */
export function refusalReason(account: AccountRow, bill: BillRow | null, inbound: InboundPayment, now = new Date()): RejectionReason | undefined {
  if (account.purpose === 'INVOICE' && bill && billIsClosed(bill, now)) return 'BILL_CLOSED';
  if (account.status !== 'ACTIVE') return 'ACCOUNT_CLOSED';
  if (account.expireAt && account.expireAt.getTime() <= now.getTime()) return 'ACCOUNT_EXPIRED';
  if (account.currency !== inbound.currency) return 'WRONG_CURRENCY';
  if (amountProblem(inbound.amount, inbound.currency)) return 'INVALID_AMOUNT';
  if (account.singleDepositLimit !== null && Number(inbound.amount) > Number(account.singleDepositLimit)) {
    // Both are exact decimals of at most 15 significant digits, so the comparison is exact too.
    return 'OVER_LIMIT';
  }
  return undefined;
}

/**
 * Why money that has already moved still cannot be credited to this account: another currency,
 * or an amount that is not one. Whatever else is true of the account (closed, expired, over its
 * limit), these send the payment to suspense; anything else is credited.
 */
export function unplaceableReason(account: Pick<AccountRow, 'currency'>, inbound: InboundPayment): RejectionReason | undefined {
  if (account.currency !== inbound.currency) return 'WRONG_CURRENCY';
  if (amountProblem(inbound.amount, inbound.currency)) return 'INVALID_AMOUNT';
  return undefined;
}
