import type { RailNotificationKind } from '@/lib/rails/schema';
import type { PaymentChannel, PaymentRail } from './schema';

/** A payment as a rail reports it, before we know whose it is. */
export interface InboundPayment {
  rail: PaymentRail;
  channel: PaymentChannel;
  /** M-Pesa receipt (TransID) or bank reference: unique within the rail. */
  providerReference: string;
  /** What the payer entered: a virtual account number, or a bill's payment reference. */
  accountReference: string;
  /** A bill reference given beside the account number (bank narration, sandbox billReference). */
  billReference?: string | null;
  /** Exact decimal text. */
  amount: string;
  currency: string;
  payerName?: string | null;
  payerPhone?: string | null;
  payerAccount?: string | null;
  narration?: string | null;
  receivedAt: Date;
  /** Sandbox calls are made by a merchant: only that merchant's accounts and bills count. */
  merchantId?: string;
  /** The raw payload, kept when the money cannot be placed (suspense). */
  payload?: unknown;
  /** The request body exactly as received (JSON source text), kept with a suspense entry. */
  rawBody?: string;
  /**
   * The rail's notification as received, kept for support whatever becomes of the payment: written
   * by the payment batch's own statement when batched (one commit for both), else beside it.
   */
  notification?: InboundNotification;
}

/** A rail notification travelling with its payment; its rail and reference are the payment's. */
export interface InboundNotification {
  kind: RailNotificationKind;
  rawBody: string;
}

/** Why a rail's validation step refuses a payment; each rail maps these to its own codes. */
export const rejectionReasons = {
  UNKNOWN_ACCOUNT: 'No account has this number.',
  INVALID_CHECK_DIGIT: 'This account number is mistyped: its check digit does not match.',
  AMBIGUOUS_REFERENCE: 'This reference matches more than one bill; pay to the bill\'s account number instead.',
  ACCOUNT_CLOSED: 'This account is closed.',
  MERCHANT_DISABLED: 'This account\'s merchant is disabled; it takes no payments.',
  ACCOUNT_EXPIRED: 'This account has expired.',
  BILL_CLOSED: 'This bill can no longer be paid: it is already paid, cancelled or expired.',
  OVER_LIMIT: 'The amount is over this account\'s single-deposit limit.',
  WRONG_CURRENCY: 'This account does not take payments in this currency.',
  INVALID_AMOUNT: 'The amount is not valid.',
  CHANNEL_NOT_OFFERED: 'This way of paying is not offered for payments in this currency.',
} as const;
export type RejectionReason = keyof typeof rejectionReasons;

/** Why a rail's money is held although it could not have been refused at validation (the bank's own checks). */
export const railSuspenseReasons = {
  FOREIGN_COLLECTION_ACCOUNT: 'The bank says it credited an account that is not our collection account for this currency.',
} as const;
export type RailSuspenseReason = keyof typeof railSuspenseReasons;
