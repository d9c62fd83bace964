import { ingestRailPayment, type IngestResult } from '@/lib/payments/ingest';
import { readRailAmount } from '@/lib/money/rail-amount';
import { logger } from '@/lib/platform/logger';
import { storableKey, storableText } from '@/lib/platform/text';
import type { PaymentChannel } from '@/lib/payments/schema';
import type { RailPayment, RailScope } from './c2b';
import { creditedCollectionAccount, holdForeignCredit } from './bank-collection-account';
import { fromIsoTime, plausibleReceivedAt } from './received-at';
import type { BankCreditInput } from './schemas';

/**
 * A bill's reference travels in the narration, alone or after the account number (the RTGS
 * narration hint payers are given). What remains once the account number is taken out is tried
 * as the reference; free text simply matches no bill and the money still reaches the account.
 */
export function billReferenceIn(narration: string | null | undefined, accountNumber: string): string | null {
  const remainder = (narration ?? '')
    .split(/\s+/)
    .filter((word) => word && word !== accountNumber)
    .join(' ');
  return remainder || null;
}

/** Kept of free text in the payment row (the suspense row keeps the whole request): as for M-Pesa. */
const PAYER_TEXT_LIMIT = 200;
const NARRATION_LIMIT = 500;

/** A bank value (text or number) as storable text cut to `limit`, or null when absent or empty. */
const clipped = (value: string | number | null | undefined, limit: number) => {
  const text = value === null || value === undefined ? '' : storableText(String(value)).trim();
  return text ? text.slice(0, limit) : null;
};

/** ISO 4217 in any letter case; anything else is no currency at all, ISO's XXX, which no account takes. */
export const NO_CURRENCY = 'XXX';
const currencyOf = (value: string | null | undefined) => {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : NO_CURRENCY;
};

/** INSTANT_BANK or RTGS in any letter case; otherwise the way that carries the currency (only RTGS carries others). */
function channelOf(value: string | null | undefined, currency: string, providerReference: string): PaymentChannel {
  const named = (value ?? '').trim().toUpperCase();
  if (named === 'INSTANT_BANK' || named === 'RTGS') return named;
  const guessed = currency === 'KES' ? 'INSTANT_BANK' : 'RTGS';
  logger().warn({ rail: 'BANK', providerReference, channel: clipped(value, 40), taken: guessed }, 'bank credit without a known channel; taken as the one that carries its currency');
  return guessed;
}

export function bankCreditOf(credit: BankCreditInput, scope: RailScope = {}, rawBody?: string): RailPayment {
  const providerReference = storableKey(credit.bankReference);
  const accountNumber = clipped(credit.accountNumber, PAYER_TEXT_LIMIT) ?? '';
  const narration = clipped(credit.narration, NARRATION_LIMIT);
  const currency = currencyOf(credit.currency);
  return {
    inbound: {
      rail: 'BANK',
      channel: channelOf(credit.channel, currency, providerReference),
      providerReference,
      accountReference: accountNumber,
      billReference: billReferenceIn(narration, accountNumber),
      currency,
      payerName: clipped(credit.payerName, PAYER_TEXT_LIMIT),
      payerAccount: clipped(credit.payerAccount, PAYER_TEXT_LIMIT),
      narration,
      // No time at all is the arrival time, silently; a time that names no plausible instant is logged.
      receivedAt: plausibleReceivedAt(credit.transactionTime ? fromIsoTime(credit.transactionTime) : undefined, credit.transactionTime, { rail: 'BANK', providerReference }),
      merchantId: scope.merchantId,
      rawBody,
    },
    amount: readRailAmount(credit.amount, currency),
  };
}

/**
 * A credit notification: the money is in our bank account already, so it is always kept: credited,
 * or in suspense when no account can take it or its amount is not money.
 */
export async function processBankCredit(credit: BankCreditInput, scope: RailScope = {}, rawBody?: string): Promise<IngestResult> {
  const { inbound, amount } = bankCreditOf(credit, scope, rawBody);
  // Which of our collection accounts the bank credited, when it says (docs/rails.md): another one's money is held, never credited.
  const credited = inbound.currency === NO_CURRENCY ? undefined : await creditedCollectionAccount(credit, inbound.currency);
  if (credited && !credited.ours) return holdForeignCredit(inbound, amount, credited.named, rawBody ?? JSON.stringify(credit));
  // What the bank said, kept as received for support (the sandbox's own credits too, as sent): it travels with the payment, one commit for both.
  const result = await ingestRailPayment({ ...inbound, notification: { kind: 'BANK_CREDIT', rawBody: rawBody ?? JSON.stringify(credit) } }, amount);
  if (result.outcome === 'suspense' && !result.duplicate) {
    logger().warn({ rail: 'BANK', providerReference: inbound.providerReference, reason: result.reason }, 'bank payment held in suspense');
  }
  return result;
}

/** The bank's answer: recorded, duplicate (seen before, nothing changed) or suspense. */
export function bankAnswer(result: IngestResult): { status: 'recorded' | 'duplicate' | 'suspense'; paymentId?: string } {
  switch (result.outcome) {
    case 'recorded':
      return { status: result.duplicate ? 'duplicate' : 'recorded', paymentId: result.payment.id };
    case 'suspense':
      return { status: result.duplicate ? 'duplicate' : 'suspense' };
    case 'rejected':
      // Only strict ingestion rejects, and a credit notification is never strict.
      throw new Error(`a bank credit was rejected (${result.reason})`);
  }
}
