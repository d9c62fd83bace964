import { ingestPayment, checkInbound, type IngestResult } from '@/lib/payments/ingest';
import type { InboundPayment, RejectionReason } from '@/lib/payments/inbound';
import type { AccountRow } from '@/lib/payments/resolve';
import { unprocessable } from '@/lib/api/errors';
import { decimalText } from '@/lib/money/decimal';
import { config } from '@/lib/platform/config';
import { logger } from '@/lib/platform/logger';
import { fromDarajaTime } from './nairobi-time';
import type { C2bPaymentInput } from './schemas';

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
  ACCOUNT_EXPIRED: 'C2B00012',
  BILL_CLOSED: 'C2B00012',
  OVER_LIMIT: 'C2B00013',
  INVALID_AMOUNT: 'C2B00013',
  WRONG_CURRENCY: 'C2B00016',
};

export const DARAJA_ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };
export const darajaRejected = (code: C2bCode) => ({ ResultCode: code, ResultDesc: 'Rejected' });

/** Sandbox calls come from one merchant: only its accounts and bills exist for them. */
export interface RailScope {
  merchantId?: string;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value).trim());

export function inboundFromC2b(payment: C2bPaymentInput, scope: RailScope = {}): InboundPayment {
  const payerName = [payment.FirstName, payment.MiddleName, payment.LastName].map(text).filter(Boolean).join(' ');
  return {
    rail: 'MPESA',
    channel: 'MOBILE_MONEY',
    providerReference: payment.TransID,
    accountReference: text(payment.BillRefNumber),
    billReference: text(payment.InvoiceNumber) || null,
    amount: decimalText(payment.TransAmount) ?? text(payment.TransAmount),
    currency: 'KES',
    payerName: payerName || null,
    payerPhone: text(payment.MSISDN) || null,
    receivedAt: fromDarajaTime(payment.TransTime) ?? new Date(),
    merchantId: scope.merchantId,
    payload: payment,
  };
}

export interface C2bVerdict {
  answer: { ResultCode: string; ResultDesc: string };
  reason?: RejectionReason;
  account?: AccountRow;
}

/** Daraja's validation step: would we take this payment? Reads only; one indexed lookup. */
export async function validateC2b(payment: C2bPaymentInput, scope: RailScope = {}): Promise<C2bVerdict> {
  if (text(payment.BusinessShortCode) !== config().PAYBILL_NUMBER) return { answer: darajaRejected('C2B00015') };
  if (decimalText(payment.TransAmount) === undefined) return { answer: darajaRejected('C2B00013'), reason: 'INVALID_AMOUNT' };
  const check = await checkInbound(inboundFromC2b(payment, scope));
  if (!check.ok) return { answer: darajaRejected(c2bCodeFor[check.reason]), reason: check.reason };
  return { answer: DARAJA_ACCEPTED, account: check.account };
}

/** Daraja's confirmation: the money has moved, so it is always kept (in suspense if need be). */
export async function confirmC2b(payment: C2bPaymentInput, scope: RailScope = {}): Promise<IngestResult> {
  if (decimalText(payment.TransAmount) === undefined) {
    logger().error({ rail: 'MPESA', providerReference: payment.TransID }, 'M-Pesa confirmation with an unreadable amount');
    throw unprocessable('TransAmount is not a decimal number.', [{ path: 'TransAmount', message: 'Must be a decimal number such as "1500.00".' }]);
  }
  if (text(payment.BusinessShortCode) !== config().PAYBILL_NUMBER) {
    logger().warn({ rail: 'MPESA', providerReference: payment.TransID }, 'M-Pesa confirmation for another shortcode; recorded anyway');
  }
  const result = await ingestPayment(inboundFromC2b(payment, scope), { strict: false });
  if (result.outcome === 'suspense' && !result.duplicate) {
    logger().warn({ rail: 'MPESA', providerReference: payment.TransID, reason: result.reason }, 'M-Pesa payment held in suspense');
  }
  return result;
}
