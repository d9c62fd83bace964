import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, type Queryable } from '@/lib/platform/db';
import { createSettlementIn } from '@/lib/settlement/create-settlement';
import { settlementCutoff } from '@/lib/settlement/cutoff';
import { createScheduledSettlements } from '@/lib/settlement/settle-many';
import { settlementAccounts } from '@/lib/settlement/schema';
import { markFailed } from '@/lib/settlement/transitions';
import { useTestApi } from '../support/api-server';
import { expectLedgerOk, pay, paymentNow, railReturn, settlementWorld } from './world';

useTestApi();

/**
 * Settles in one transaction and says what that did to the payments table: rows updated, and how
 * many of those were HOT (no index entry written). PostgreSQL's per-transaction counters also hold
 * the connection's earlier, not yet reported transactions, so the figure is their difference
 * inside the transaction, where no report happens. payments is partitioned by month (migration 0034):
 * its rows and their counters are in the partitions, so the counters are summed over them.
 */
async function settledCounting<T>(settle: (tx: Queryable) => Promise<T>) {
  return db().transaction(async (tx) => {
    const counters = async () =>
      (
        await tx.execute<{ updated: number; hot: number }>(sql`
          select coalesce(sum(pg_stat_get_xact_tuples_updated(relid)), 0)::int as updated, coalesce(sum(pg_stat_get_xact_tuples_hot_updated(relid)), 0)::int as hot
            from pg_partition_tree('payments') where isleaf`)
      ).rows[0]!;
    const before = await counters();
    const result = await settle(tx);
    const after = await counters();
    return { result, updates: { updated: after.updated - before.updated, hot: after.hot - before.hot } };
  });
}

const queued = async (paymentIds: string[]) => {
  const { rows } = await db().execute<{ payment_id: string }>(sql`select payment_id from unsettled_payments where payment_id = any(${sql.param(paymentIds)}::uuid[])`);
  return rows.map((row) => row.payment_id).sort();
};

describe('settling and the payments\' indexes (migration 0025)', () => {
  it('a settlement marks its payments without writing any index entry of theirs, and takes them out of the queue', async () => {
    const { merchant, kes } = await settlementWorld();
    const paid = [await pay(kes, '1000'), await pay(kes, '2500'), await pay(kes, '700')];
    const today = await pay(kes, '400', { receivedAt: new Date() });
    expect(await queued(paid.map((p) => p.id).concat(today.id))).toEqual([...paid.map((p) => p.id), today.id].sort());

    const { result: settlement, updates } = await settledCounting(async (tx) => (await createSettlementIn(tx, { merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!);
    expect(settlement.entryCount).toBe(3);
    expect(updates).toEqual({ updated: 3, hot: 3 });
    expect(await queued(paid.map((p) => p.id).concat(today.id))).toEqual([today.id]); // today's waits for its day
    for (const payment of paid) expect((await paymentNow(payment.id)).settlementId).toBe(settlement.id);
    await expectLedgerOk(merchant.id);
  });

  it('the schedule\'s batch takes its payments out of the queue, and a failed settlement puts them back to be paid again, HOT', async () => {
    const { merchant, kes } = await settlementWorld();
    const paid = [await pay(kes, '1200'), await pay(kes, '3000')];
    const accounts = await db().select().from(settlementAccounts).where(eq(settlementAccounts.merchantId, merchant.id));
    const kesAccount = accounts.find((account) => account.currency === 'KES' && account.subMerchantId === null)!;

    const run = await createScheduledSettlements([{ account: kesAccount, cutoff: settlementCutoff(new Date(), 1), minimum: null }], '2030-03-01');
    expect(run.created).toHaveLength(1);
    const first = run.created[0]!;
    expect(await queued(paid.map((p) => p.id))).toEqual([]);

    await markFailed(first.id, 'Account closed');
    expect(await queued(paid.map((p) => p.id))).toEqual(paid.map((p) => p.id).sort());
    for (const payment of paid) expect((await paymentNow(payment.id)).settlementId).toBeNull();
    await expectLedgerOk(merchant.id);

    const again = await settledCounting(async (tx) => (await createSettlementIn(tx, { merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }))!);
    expect(again.result.grossAmount).toBe('4200.0000');
    expect(again.updates).toEqual({ updated: 2, hot: 2 });
    for (const payment of paid) expect((await paymentNow(payment.id)).settlementId).toBe(again.result.id);
    await expectLedgerOk(merchant.id);
  });

  it('a payment reversed before it was settled leaves the queue and is never paid out', async () => {
    const { merchant, kes } = await settlementWorld();
    const payment = await pay(kes, '900');
    const kept = await pay(kes, '600');
    await railReturn(payment);
    expect((await paymentNow(payment.id)).status).toBe('REVERSED');
    expect(await queued([payment.id, kept.id])).toEqual([kept.id]);
    const settlement = await db().transaction((tx) => createSettlementIn(tx, { merchantId: merchant.id, subMerchantId: null, currency: 'KES', origin: 'MANUAL' }));
    expect(settlement!.grossAmount).toBe('600.0000');
    await expectLedgerOk(merchant.id);
  });
});
