import { and, eq, inArray } from 'drizzle-orm';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { confirmC2b, type RailScope } from '@/lib/rails/c2b';
import type { C2bPaymentInput } from '@/lib/rails/schemas';
import { c2bPaymentOfPulled, pulledReference, type PulledTransaction } from './pulled';
import { railRecoveredPayments, type RecoveryVia } from './schema';

export type RecordOutcome = { outcome: 'recorded'; paymentId: string } | { outcome: 'suspense' } | { outcome: 'duplicate'; paymentId?: string };

/** References among these that the service already holds: as a payment, or in suspense. */
export async function knownReferences(references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const [paid, held] = await Promise.all([
    db().select({ reference: payments.providerReference }).from(payments).where(and(eq(payments.rail, 'MPESA'), inArray(payments.providerReference, references))),
    db()
      .select({ reference: suspensePayments.providerReference })
      .from(suspensePayments)
      .where(and(eq(suspensePayments.rail, 'MPESA'), inArray(suspensePayments.providerReference, references))),
  ]);
  return new Set([...paid, ...held].map((row) => row.reference));
}

/** A pulled entry as it was listed, without our own bookkeeping: what suspense keeps as the raw request. */
export const listedText = (entry: PulledTransaction) => {
  const { scope: _scope, ...listed } = entry;
  return JSON.stringify(listed);
};

/**
 * Records a payment whose confirmation never came, through exactly the path a confirmation takes
 * (confirmC2b → ingestRailPayment): the same placement, suspense when no account can take it, and
 * the same unique (rail, reference), so a late callback for it is a duplicate. Then flags it as recovered.
 */
export async function recordRecovered(payload: C2bPaymentInput, scope: RailScope, rawBody: string, flag: { runId?: string; via: RecoveryVia }): Promise<RecordOutcome> {
  const result = await confirmC2b(payload, scope, rawBody, flag.via === 'STATUS' ? 'TRANSACTION_STATUS' : 'PULL_TRANSACTION');
  if (result.outcome === 'rejected') throw new Error('a confirmation is never rejected'); // strict is off for rails
  if (result.duplicate) return { outcome: 'duplicate', paymentId: result.outcome === 'recorded' ? result.payment.id : undefined };
  const reference = pulledReference({ transactionId: payload.TransID })!;
  // Informational: should this write be lost (a crash just here), the payment itself stands, recorded once.
  await db()
    .insert(railRecoveredPayments)
    .values({
      rail: 'MPESA',
      providerReference: reference,
      runId: flag.runId,
      via: flag.via,
      outcome: result.outcome === 'recorded' ? 'RECORDED' : 'SUSPENSE',
      paymentId: result.outcome === 'recorded' ? result.payment.id : null,
    })
    .onConflictDoNothing();
  return result.outcome === 'recorded' ? { outcome: 'recorded', paymentId: result.payment.id } : { outcome: 'suspense' };
}

export function recordPulled(entry: PulledTransaction, flag: { runId?: string; via: RecoveryVia }): Promise<RecordOutcome> {
  return recordRecovered(c2bPaymentOfPulled(entry, config().PAYBILL_NUMBER), entry.scope ?? {}, listedText(entry), flag);
}
