import type { Task } from 'graphile-worker';
import { eq } from 'drizzle-orm';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { toDarajaTime } from '@/lib/rails/nairobi-time';
import { newBankReference, receiptFor } from '@/lib/rails/references';
import { handleDarajaReversalResult } from './daraja-result';
import { reverseByRail } from './rail-return';
import { paymentReversals, type ReversalRow } from './schema';
import type { DarajaReversalResultInput } from './schemas';
import { paymentWithId } from '@/lib/payments/by-id';

/** Sandbox payer numbers whose reversal M-Pesa refuses (docs/reconciliation.md); any other succeeds. */
export const SIMULATED_REVERSAL_FAILURES: Record<string, { code: string; description: string }> = {
  '254700000007': { code: 'R000001', description: 'The transaction has already been reversed.' },
  '254700000008': { code: 'R000002', description: 'The OriginalTransactionID is invalid.' },
};

/** The Result Daraja would POST to the ResultURL, decided by the stored rows alone (so a rerun tells the same story). */
export function simulatedDarajaResult(reversal: ReversalRow, payment: { providerReference: string; payerPhone: string | null; amount: string }): DarajaReversalResultInput {
  const failure = payment.payerPhone ? SIMULATED_REVERSAL_FAILURES[payment.payerPhone] : undefined;
  const ids = { OriginatorConversationID: reversal.originatorConversationId ?? '', ConversationID: reversal.conversationId ?? '' };
  const reference = { ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/reversalresults/v1/submit' } } };
  if (failure) {
    return { Result: { ResultType: 0, ResultCode: failure.code, ResultDesc: failure.description, ...ids, TransactionID: receiptFor(`failed:${reversal.id}`), ...reference } };
  }
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      ...ids,
      TransactionID: receiptFor(`reversal:${reversal.id}`),
      ResultParameters: {
        ResultParameter: [
          { Key: 'Amount', Value: Number(payment.amount) },
          { Key: 'OriginalTransactionID', Value: payment.providerReference },
          { Key: 'TransCompletedTime', Value: Number(toDarajaTime(new Date())) },
          { Key: 'Charge', Value: 0 },
          { Key: 'CreditPartyPublicName', Value: payment.payerPhone ?? '' },
          { Key: 'DebitPartyPublicName', Value: 'Collect Sandbox' },
        ],
      },
      ...reference,
    },
  };
}

/**
 * The sandbox's rail: answers a REQUESTED reversal through the same code the real rail reaches:
 * Daraja's Result for M-Pesa, the bank's return for a bank transfer. State lives in the database,
 * so a restart between request and answer loses nothing (the job simply runs later).
 */
export async function simulateReversal(reversalId: string): Promise<void> {
  const [reversal] = await db().select().from(paymentReversals).where(eq(paymentReversals.id, reversalId));
  if (!reversal || reversal.status !== 'REQUESTED') return;
  const [payment] = await db().select().from(payments).where(paymentWithId(reversal.paymentId));
  if (!payment) return;
  if (reversal.rail === 'MPESA') {
    await handleDarajaReversalResult(simulatedDarajaResult(reversal, payment), 'result');
    return;
  }
  await reverseByRail({ rail: 'BANK', providerReference: payment.providerReference, railReference: `RT${newBankReference().slice(2)}`, reason: 'Returned to the payer at the merchant\'s request (sandbox)' });
}

export const simulateReversalTask: Task = async (payload) => {
  const { reversalId } = payload as { reversalId: string };
  await simulateReversal(reversalId);
};
