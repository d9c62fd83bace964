import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import type { RecoveryReport } from '@/lib/recovery/recover';
import { railRecoveredPayments, railStatusQueries } from '@/lib/recovery/schema';

export const heldInSuspense = (reference: string) => db().select().from(suspensePayments).where(eq(suspensePayments.providerReference, reference));

export async function recoveredFlag(reference: string) {
  const [row] = await db().select().from(railRecoveredPayments).where(eq(railRecoveredPayments.providerReference, reference));
  return row;
}

export const statusQueriesFor = (receipt: string) => db().select().from(railStatusQueries).where(eq(railStatusQueries.receipt, receipt));

/** The outcome a run reported for one transaction. */
export function outcomeOf(report: RecoveryReport, reference: string) {
  const transaction = report.transactions.find((candidate) => candidate.transactionId === reference);
  expect(transaction, `the run looked at ${reference}`).toBeDefined();
  return transaction!.outcome;
}

/** Waits for something asynchronous (a result Daraja posts) to have happened. */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
