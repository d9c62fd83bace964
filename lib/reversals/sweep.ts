import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { paymentReversals } from './schema';
import { failReversal } from './settle';

/** How long a reversal waits for Daraja's Result (or queue timeout) before it is given up. */
export const REVERSAL_ANSWER_LIMIT_MINUTES = 60;
const BATCH = 100;

const GIVEN_UP =
  'M-Pesa sent no result within an hour; nothing is known to have been reversed, and the payment can be reversed again. Should M-Pesa reverse it later after all, that is applied when its result comes.';

/**
 * Reversals Daraja never answered (neither Result nor queue timeout, or the process stopped between
 * asking and hearing back) would hold their payment REVERSAL_PENDING, and its amount out of the
 * account's available balance, for ever. After an hour they fail, and the payment is RECEIVED again.
 * This is safe because a success Result that comes later still reverses the payment (daraja-result.ts).
 * Sandbox reversals are answered by their job, which survives restarts, so they are left alone.
 */
export async function giveUpUnansweredReversals(now = new Date()): Promise<number> {
  const stale = await db()
    .select({ id: paymentReversals.id })
    .from(paymentReversals)
    .where(
      and(
        eq(paymentReversals.status, 'REQUESTED'),
        eq(paymentReversals.origin, 'MERCHANT'),
        eq(paymentReversals.rail, 'MPESA'),
        // M-Pesa did answer, with another amount: an operator's to settle, not the clock's.
        isNull(paymentReversals.attention),
        lt(paymentReversals.createdAt, sql`${now.toISOString()}::timestamptz - make_interval(mins => ${REVERSAL_ANSWER_LIMIT_MINUTES})`),
        sql`not exists (select 1 from graphile_worker.jobs j where j.key = 'reversals.simulate:' || ${paymentReversals.id}::text)`,
      ),
    )
    .limit(BATCH);
  let failed = 0;
  for (const { id } of stale) {
    if ((await failReversal(id, { resultCode: 'no_result', reason: GIVEN_UP }, now)).changed) failed += 1;
  }
  if (failed > 0) logger().warn({ failed }, 'reversals without an answer from M-Pesa given up');
  return failed;
}

export const sweepReversalsTask = async () => {
  await giveUpUnansweredReversals();
};
