import { sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import type { SettlementRow } from '../schema';
import { SEND_DARAJA_PAYOUT_TASK, SIMULATE_PAYOUT_TASK, SIMULATED_PAYOUT_MS } from './timing';

/** A graphile-worker job_spec's fields, as add_jobs takes them. */
type JobSpec = { identifier: string; payload: object; run_at: string | null; max_attempts: number; job_key: string };

/**
 * The job that sends a settlement on its rail, if any. The job key is the settlement's: however
 * often it is queued for one settlement, one job waits.
 */
function payoutJob(settlement: SettlementRow): JobSpec | null {
  const payload = { settlementId: settlement.id };
  switch (settlement.rail) {
    case 'SIMULATOR':
      return { identifier: SIMULATE_PAYOUT_TASK, payload, run_at: new Date(Date.now() + SIMULATED_PAYOUT_MS).toISOString(), max_attempts: 25, job_key: `${SIMULATE_PAYOUT_TASK}:${settlement.id}` };
    case 'MPESA_B2C':
    case 'MPESA_B2B':
      // Retries are for the job failing before it claimed the settlement (the database away): once
      // claimed, the job never sends again (daraja-send.ts), so a retry cannot pay twice.
      return { identifier: SEND_DARAJA_PAYOUT_TASK, payload, run_at: null, max_attempts: 10, job_key: `${SEND_DARAJA_PAYOUT_TASK}:${settlement.id}` };
    case 'BANK':
      // Written into the next pain.001 file by `payouts:export`, which marks it PROCESSING.
      return null;
  }
}

/**
 * Hands new settlements to their rails, inside the transaction that created them (so that a
 * settlement is sent exactly when it was committed): queues the jobs that send them (the
 * simulator's, Daraja B2C/B2B's), in one statement (graphile-worker's add_jobs: the schedule's batch
 * path makes 250 settlements a transaction). A bank's settlement stays PENDING for the next
 * `payouts:export` file. Daraja is called from the job, never from here: an HTTP call inside the
 * transaction would hold the accounts' locks for seconds, and a rollback after it would have sent
 * money for nothing.
 */
export async function queuePayouts(tx: Queryable, settlements: SettlementRow[]): Promise<void> {
  const specs = settlements.map(payoutJob).filter((spec) => spec !== null);
  if (specs.length === 0) return;
  await tx.execute(sql`
    select count(*) from graphile_worker.add_jobs(array(
      select row(s.identifier, s.payload, null, coalesce(s.run_at, now()), s.max_attempts, s.job_key, null, null)::graphile_worker.job_spec
        from json_to_recordset(${JSON.stringify(specs)}::json) as s(identifier text, payload json, run_at timestamptz, max_attempts int, job_key text)))`);
}

export const queuePayout = (tx: Queryable, settlement: SettlementRow) => queuePayouts(tx, [settlement]);
