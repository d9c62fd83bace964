import { checkInbound, ingestRailPayment, type IngestResult, type RailInbound } from '@/lib/payments/ingest';
import type { RejectionReason } from '@/lib/payments/inbound';
import type { AccountRow } from '@/lib/payments/resolve';
import { readRailAmount, type RailAmount } from '@/lib/money/rail-amount';
import { config } from '@/lib/platform/config';
import { logger } from '@/lib/platform/logger';
import { storableKey, storableText } from '@/lib/platform/text';
import { fromDarajaTime } from './nairobi-time';
import { plausibleReceivedAt } from './received-at';
import type { C2bPaymentInput } from './schemas';
import type { RailNotificationKind } from './schema';

/**
 * Daraja's C2B rejection codes. We never send C2B00011 (MSISDN) or C2B00014 (KYC): we do not
 * judge payers. A closed, expired or paid bill's account answers C2B00012 like an unknown one,
 * so that M-Pesa tells the payer to check the account number rather than "other error".
 */
export type C2bCode = 'C2B00011' | 'C2B00012' | 'C2B00013' | 'C2B00014' | 'C2B00015' | 'C2B00016';
export const c2bCodeFor: Record<RejectionReason, C2bCode> = {
  UNKNOWN_ACCOUNT: 'C2B00012',
  INVALID_CHECK_DIGIT: 'C2B00012',
  AMBIGUOUS_REFERENCE: 'C2B00012',
  ACCOUNT_CLOSED: 'C2B00012',
  MERCHANT_DISABLED: 'C2B00012',
  ACCOUNT_EXPIRED: 'C2B00012',
  BILL_CLOSED: 'C2B00012',
  OVER_LIMIT: 'C2B00013',
  INVALID_AMOUNT: 'C2B00013',
  WRONG_CURRENCY: 'C2B00016',
  CHANNEL_NOT_OFFERED: 'C2B00016',
};

export const DARAJA_ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };
export const darajaRejected = (code: C2bCode) => ({ ResultCode: code, ResultDesc: 'Rejected' });

/** Sandbox calls come from one merchant: only its accounts and bills exist for them. */
export interface RailScope {
  merchantId?: string;
}

/** What a rail reported, made storable, with its amount read but not yet judged. */
export interface RailPayment {
  inbound: RailInbound;
  amount: RailAmount;
}

/** A Daraja value as storable text ('' when absent): see lib/platform/text.ts. */
export const railText = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : storableText(String(value)).trim());

export function c2bPaymentOf(payment: C2bPaymentInput, scope: RailScope = {}, rawBody?: string): RailPayment {
  const payerName = [payment.FirstName, payment.MiddleName, payment.LastName].map(railText).filter(Boolean).join(' ');
  const providerReference = storableKey(payment.TransID);
  return {
    inbound: {
      rail: 'MPESA',
      channel: 'MOBILE_MONEY',
      providerReference,
      accountReference: railText(payment.BillRefNumber),
      billReference: railText(payment.InvoiceNumber) || null,
      currency: 'KES',
      payerName: payerName || null,
      payerPhone: railText(payment.MSISDN) || null,
      receivedAt: plausibleReceivedAt(fromDarajaTime(payment.TransTime), payment.TransTime, { rail: 'MPESA', providerReference }),
      merchantId: scope.merchantId,
      rawBody,
    },
    amount: readRailAmount(payment.TransAmount, 'KES'),
  };
}

export interface C2bVerdict {
  answer: { ResultCode: string; ResultDesc: string };
  reason?: RejectionReason;
  account?: AccountRow;
}

/** Daraja's validation step: would we take this payment? Reads only; one indexed lookup. */
export async function validateC2b(payment: C2bPaymentInput, scope: RailScope = {}): Promise<C2bVerdict> {
  if (railText(payment.BusinessShortCode) !== config().PAYBILL_NUMBER) return { answer: darajaRejected('C2B00015') };
  const { inbound, amount } = c2bPaymentOf(payment, scope);
  if (!amount.ok) return { answer: darajaRejected('C2B00013'), reason: 'INVALID_AMOUNT' };
  const check = await checkInbound({ ...inbound, amount: amount.amount });
  if (!check.ok) return { answer: darajaRejected(c2bCodeFor[check.reason]), reason: check.reason };
  return { answer: DARAJA_ACCEPTED, account: check.account };
}

/**
 * Daraja's confirmation: the money has moved, so it is always kept: credited, or in suspense when
 * no account can take it or its amount is not money (never credited, never rounded).
 */
export async function confirmC2b(payment: C2bPaymentInput, scope: RailScope = {}, rawBody?: string, kind: RailNotificationKind = 'C2B_CONFIRMATION'): Promise<IngestResult> {
  const { inbound, amount } = c2bPaymentOf(payment, scope, rawBody);
  if (railText(payment.BusinessShortCode) !== config().PAYBILL_NUMBER) {
    logger().warn({ rail: 'MPESA', providerReference: inbound.providerReference }, 'M-Pesa confirmation for another shortcode; recorded anyway');
  }
  // What Daraja said, kept as received for support (the sandbox's own payloads too, as sent): it travels with the payment, one commit for both.
  const result = await ingestRailPayment({ ...inbound, notification: { kind, rawBody: rawBody ?? JSON.stringify(payment) } }, amount);
  if (result.outcome === 'suspense' && !result.duplicate) {
    logger().warn({ rail: 'MPESA', providerReference: inbound.providerReference, reason: result.reason }, 'M-Pesa payment held in suspense');
  }
  return result;
}
