import { ingestRailPayment, type IngestResult } from '@/lib/payments/ingest';
import { readRailAmount } from '@/lib/money/rail-amount';
import { logger } from '@/lib/platform/logger';
import { storableKey, storableText } from '@/lib/platform/text';
import type { RailPayment, RailScope } from './c2b';
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

const optionalText = (value: string | null | undefined) => (value ? storableText(value) : null);

export function bankCreditOf(credit: BankCreditInput, scope: RailScope = {}, rawBody?: string): RailPayment {
  const providerReference = storableKey(credit.bankReference);
  const accountNumber = storableText(credit.accountNumber);
  const narration = optionalText(credit.narration);
  return {
    inbound: {
      rail: 'BANK',
      channel: credit.channel,
      providerReference,
      accountReference: accountNumber,
      billReference: billReferenceIn(narration, accountNumber),
      currency: credit.currency,
      payerName: optionalText(credit.payerName),
      payerAccount: optionalText(credit.payerAccount),
      narration,
      receivedAt: plausibleReceivedAt(fromIsoTime(credit.transactionTime), credit.transactionTime, { rail: 'BANK', providerReference }),
      merchantId: scope.merchantId,
      rawBody,
    },
    amount: readRailAmount(credit.amount, credit.currency),
  };
}

/**
 * A credit notification: the money is in our bank account already, so it is always kept: credited,
 * or in suspense when no account can take it or its amount is not money.
 */
export async function processBankCredit(credit: BankCreditInput, scope: RailScope = {}, rawBody?: string): Promise<IngestResult> {
  const { inbound, amount } = bankCreditOf(credit, scope, rawBody);
  const result = await ingestRailPayment(inbound, amount);
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
