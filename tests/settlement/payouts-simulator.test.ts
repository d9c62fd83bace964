import { sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { startWorker } from '@/lib/platform/jobs/worker';
import { tasks } from '@/lib/service/tasks';
import { simulatePayout } from '@/lib/settlement/payouts/simulator';
import { SIMULATE_PAYOUT_TASK } from '@/lib/settlement/payouts/timing';
import { markFailed } from '@/lib/settlement/transitions';
import { useTestApi } from '../support/api-server';
import { BANK_ACCOUNT, expectLedgerOk, MPESA_ACCOUNT, merchantPaidTo, owed, received, settled, settleNow, settlementEvents, settlementNow } from './payouts-support';

useTestApi();

// Only the payout simulator's task: other test files' jobs stay with their own workers.
let worker: Runner | undefined;
beforeAll(async () => {
  worker = await startWorker({ tasks: { [SIMULATE_PAYOUT_TASK]: tasks[SIMULATE_PAYOUT_TASK]! }, concurrency: 2 });
});
afterAll(() => worker?.stop());

async function queuedRunAt(settlementId: string) {
  const { rows } = await db().execute<{ run_at: Date }>(sql`select run_at from graphile_worker.jobs where task_identifier = ${SIMULATE_PAYOUT_TASK} and key = ${`${SIMULATE_PAYOUT_TASK}:${settlementId}`}`);
  return rows.map((row) => new Date(row.run_at));
}

describe('the sandbox pays settlements with its simulator', () => {
  it('a settlement to a bank account is PROCESSING, then PAID within 10 seconds, with a simulated reference and its events', async () => {
    const { merchant, account } = await merchantPaidTo(BANK_ACCOUNT);
    await received(account, '1000');
    const created = Date.now();
    const settlement = await settleNow(merchant.id);
    expect(settlement).toMatchObject({ rail: 'SIMULATOR', status: 'PENDING' });
    const [runAt] = await queuedRunAt(settlement.id);
    expect(runAt!.getTime() - created).toBeLessThan(10_000);

    const paid = await settled(settlement.id, 10_000);
    expect(paid.status).toBe('PAID');
    expect(paid.paidAt!.getTime() - created).toBeLessThan(10_000);
    expect(paid.processingAt).not.toBeNull();
    expect(paid.providerReference).toMatch(/^SIM[A-Z][A-Z0-9]{9}$/);
    expect(await settlementEvents(settlement.id)).toEqual(['settlement.created', 'settlement.paid']);
    expect(await owed(account.id)).toBe('0.0000');
    await expectLedgerOk(merchant.id);
  });

  it('the same settlement simulated twice is paid once, with the same reference', async () => {
    const { merchant, account } = await merchantPaidTo(MPESA_ACCOUNT);
    await received(account, '500');
    const settlement = await settleNow(merchant.id);
    await simulatePayout(settlement.id);
    const paid = await settlementNow(settlement.id);
    await simulatePayout(settlement.id);
    expect(await settlementNow(settlement.id)).toEqual(paid);
    expect(await settlementEvents(settlement.id)).toEqual(['settlement.created', 'settlement.paid']);
  });

  it('a settlement forced to FAILED before the simulator runs stays FAILED, its money owed again', async () => {
    const { merchant, account } = await merchantPaidTo(BANK_ACCOUNT);
    await received(account, '700');
    const settlement = await settleNow(merchant.id);
    await markFailed(settlement.id, 'Forced in the sandbox');
    await simulatePayout(settlement.id);
    expect(await settlementNow(settlement.id)).toMatchObject({ status: 'FAILED', failureReason: 'Forced in the sandbox', paidAt: null });
    expect(await owed(account.id)).toBe('693.0000');
    await expectLedgerOk(merchant.id);
  });
});
