import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { settlements } from '../schema';
import { PayoutNotConfigured } from './daraja-settings';
import { askPayoutStatus } from './status';
import { PAYOUT_STATUS_AFTER_MINUTES } from './timing';

const BATCH = 50;

/**
 * M-Pesa payouts sent whose Result has not come: each is asked about with Transaction Status
 * 5·n² minutes after it was sent (5, 20, 45, 80 … minutes: n is `attempts`, the request and the
 * questions so far, so the spacing needs no column of its own), until its answer or a late Result
 * settles it. Asking never sends money; the payout itself is never sent twice (daraja-send.ts).
 */
export async function askAboutUnansweredPayouts(now = new Date()): Promise<number> {
  const due = await db()
    .select()
    .from(settlements)
    .where(
      and(
        inArray(settlements.rail, ['MPESA_B2C', 'MPESA_B2B']),
        eq(settlements.status, 'PROCESSING'),
        lt(settlements.processingAt, sql`${now.toISOString()}::timestamptz - make_interval(mins => ${PAYOUT_STATUS_AFTER_MINUTES} * ${settlements.attempts} * ${settlements.attempts})`),
      ),
    )
    .limit(BATCH);
  let asked = 0;
  for (const settlement of due) {
    // Counted before asking: a question that fails is not repeated before its interval either.
    await db().update(settlements).set({ attempts: sql`${settlements.attempts} + 1` }).where(eq(settlements.id, settlement.id));
    try {
      if (await askPayoutStatus(settlement)) asked += 1;
      else if (!settlement.originatorConversationId) logger().error({ settlementId: settlement.id }, 'M-Pesa payout sent without an acknowledgement, nothing to ask Transaction Status by: reconcile it with Safaricom');
    } catch (error) {
      if (error instanceof PayoutNotConfigured) return asked;
      logger().warn({ settlementId: settlement.id, err: error }, 'payout Transaction Status query not sent; asked again later');
    }
  }
  return asked;
}

export const sweepPayoutsTask = async () => {
  await askAboutUnansweredPayouts();
};
