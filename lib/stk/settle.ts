import { eq } from 'drizzle-orm';
import { recordEvent } from '@/lib/events/record';
import { db } from '@/lib/platform/db';
import { failureReasonFor, TIMED_OUT_REASON } from './failure-reasons';
import { recordPromptPayment } from './payment';
import type { PromptResult } from './provider';
import { stkInitiations } from './schema';
import { toStkInitiationJson, type StkRow } from './serialize';

export type StkOutcome = { kind: 'result'; result: PromptResult } | { kind: 'timed_out' };

/**
 * Settling holds the prompt's row lock on one connection while the payment is recorded on
 * another (ingestPayment runs its own transaction). A few at a time, so that these pairs can
 * never take the whole pool and wait on each other.
 */
const MAX_SETTLING = 3;
let settling = 0;
const waiting: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (settling < MAX_SETTLING) settling++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else settling--;
  }
}

/** A late answer still counts after a time-out (the money may have moved); a final state is final. */
const canMove = (status: StkRow['status'], outcome: StkOutcome) =>
  status === 'PENDING' || (status === 'TIMED_OUT' && outcome.kind === 'result');

async function changeFor(row: StkRow, outcome: StkOutcome) {
  if (outcome.kind === 'timed_out') return { status: 'TIMED_OUT' as const, failureCode: null, failureReason: TIMED_OUT_REASON };
  const { resultCode } = outcome.result;
  if (resultCode !== '0') return { status: 'FAILED' as const, failureCode: resultCode, failureReason: failureReasonFor(resultCode) };
  return { status: 'COMPLETED' as const, failureCode: null, failureReason: null, paymentId: await recordPromptPayment(row, outcome.result) };
}

/**
 * Moves a prompt to its final state once, however many callbacks and checks race for it: the row
 * is locked, its state re-read, and the event recorded in the same transaction as the change.
 */
export function settleInitiation(initiationId: string, outcome: StkOutcome): Promise<StkRow | undefined> {
  return oneOfFew(() =>
    db().transaction(async (tx) => {
      const [row] = await tx.select().from(stkInitiations).where(eq(stkInitiations.id, initiationId)).for('update');
      if (!row || !canMove(row.status, outcome)) return row;
      const [updated] = await tx
        .update(stkInitiations)
        .set({ ...(await changeFor(row, outcome)), updatedAt: new Date() })
        .where(eq(stkInitiations.id, row.id))
        .returning();
      await recordEvent(tx, {
        merchantId: updated!.merchantId,
        subMerchantId: updated!.subMerchantId,
        type: updated!.status === 'COMPLETED' ? 'stk.completed' : 'stk.failed',
        data: toStkInitiationJson(updated!),
      });
      return updated;
    }),
  );
}
