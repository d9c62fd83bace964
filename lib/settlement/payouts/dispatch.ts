import { sql } from 'drizzle-orm';
import { enqueue } from '@/lib/platform/jobs/queue';
import type { Queryable } from '@/lib/platform/db';
import type { SettlementRow } from '../schema';
import { SEND_DARAJA_PAYOUT_TASK, SIMULATE_PAYOUT_TASK, SIMULATED_PAYOUT_MS } from './timing';

/**
 * Hands a new settlement to its rail, inside the transaction that created it (so that a settlement
 * is sent exactly when it was committed): queues the job that sends it (the simulator's, Daraja
 * B2C/B2B's) or, for a bank, leaves it PENDING for the next `payouts:export` file.
 *
 * The job key is the settlement's: however often this is called for one settlement, one job waits.
 * Daraja is called from the job, never from here: an HTTP call inside the transaction would hold
 * the accounts' locks for seconds, and a rollback after it would have sent money for nothing.
 *
 * CONTRACT (coordinator): owned by the payout-rails engineer; the settlement core calls it.
 */
export async function queuePayout(tx: Queryable, settlement: SettlementRow): Promise<void> {
  switch (settlement.rail) {
    case 'SIMULATOR':
      await enqueue(tx, SIMULATE_PAYOUT_TASK, { settlementId: settlement.id }, { runAt: new Date(Date.now() + SIMULATED_PAYOUT_MS), jobKey: `${SIMULATE_PAYOUT_TASK}:${settlement.id}` });
      return;
    case 'MPESA_B2C':
    case 'MPESA_B2B':
      // Retries are for the job failing before it claimed the settlement (the database away): once
      // claimed, the job never sends again (daraja-send.ts), so a retry cannot pay twice.
      await enqueue(tx, SEND_DARAJA_PAYOUT_TASK, { settlementId: settlement.id }, { jobKey: `${SEND_DARAJA_PAYOUT_TASK}:${settlement.id}`, maxAttempts: 10 });
      return;
    case 'BANK':
      // Written into the next pain.001 file by `payouts:export`, which marks it PROCESSING.
      return;
  }
}


/**
 * queuePayout for many settlements in one statement (graphile-worker's add_jobs): the schedule's
 * batch path (lib/settlement/settle-many.ts) makes 250 settlements a transaction, and 250 add_job
 * calls cost more than the settlements themselves. The same jobs, keys and clocks as queuePayout
 * (added by the settlement core; keep the two in step).
 */
export async function queuePayouts(tx: Queryable, settlements: SettlementRow[]): Promise<void> {
  type Spec = { identifier: string; payload: object; run_at: string | null; max_attempts: number; job_key: string };
  const specs = settlements.flatMap((settlement): Spec[] => {
    switch (settlement.rail) {
      case 'SIMULATOR':
        return [{ identifier: SIMULATE_PAYOUT_TASK, payload: { settlementId: settlement.id }, run_at: new Date(Date.now() + SIMULATED_PAYOUT_MS).toISOString(), max_attempts: 25, job_key: `${SIMULATE_PAYOUT_TASK}:${settlement.id}` }];
      case 'MPESA_B2C':
      case 'MPESA_B2B':
        return [{ identifier: SEND_DARAJA_PAYOUT_TASK, payload: { settlementId: settlement.id }, run_at: null, max_attempts: 10, job_key: `${SEND_DARAJA_PAYOUT_TASK}:${settlement.id}` }];
      case 'BANK':
        return [];
    }
  });
  if (specs.length === 0) return;
  await tx.execute(sql`
    select count(*) from graphile_worker.add_jobs(array(
      select row(s.identifier, s.payload, null, coalesce(s.run_at, now()), s.max_attempts, s.job_key, null, null)::graphile_worker.job_spec
        from json_to_recordset(${JSON.stringify(specs)}::json) as s(identifier text, payload json, run_at timestamptz, max_attempts int, job_key text)))`);
}
