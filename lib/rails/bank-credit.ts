import { ingestPayment, type IngestResult } from '@/lib/payments/ingest';
import type { InboundPayment } from '@/lib/payments/inbound';
import { decimalText } from '@/lib/money/decimal';
import { logger } from '@/lib/platform/logger';
import type { RailScope } from './c2b';
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

export function inboundFromBank(credit: BankCreditInput, scope: RailScope = {}): InboundPayment {
  return {
    rail: 'BANK',
    channel: credit.channel,
    providerReference: credit.bankReference,
    accountReference: credit.accountNumber,
    billReference: billReferenceIn(credit.narration, credit.accountNumber),
    amount: decimalText(credit.amount)!,
    currency: credit.currency,
    payerName: credit.payerName ?? null,
    payerAccount: credit.payerAccount ?? null,
    narration: credit.narration ?? null,
    receivedAt: new Date(credit.transactionTime),
    merchantId: scope.merchantId,
    payload: credit,
  };
}

/** A credit notification: the money is in our bank account already, so it is always kept. */
export async function processBankCredit(credit: BankCreditInput, scope: RailScope = {}): Promise<IngestResult> {
  const result = await ingestPayment(inboundFromBank(credit, scope), { strict: false });
  if (result.outcome === 'suspense' && !result.duplicate) {
    logger().warn({ rail: 'BANK', providerReference: credit.bankReference, reason: result.reason }, 'bank payment held in suspense');
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
