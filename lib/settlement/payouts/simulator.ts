import type { Task } from 'graphile-worker';
import { receiptFor } from '@/lib/rails/references';
import { markPaid, markProcessing } from '../transitions';

/**
 * The sandbox's rail: takes the settlement on and pays it, as a rail would, through the same
 * transitions the real rails use. The reference is derived from the settlement's id, so a job run
 * twice (graphile-worker runs at least once) tells the same story, and the transitions, each
 * exactly once, change nothing the second time. A settlement already forced to another outcome
 * (the sandbox outcome route) is left as it is: markPaid only moves PENDING or PROCESSING.
 */
export async function simulatePayout(settlementId: string): Promise<void> {
  const taken = await markProcessing(settlementId);
  if (!taken) return;
  if (taken.settlement.status !== 'PROCESSING' && taken.settlement.status !== 'PENDING') return;
  await markPaid(settlementId, { providerReference: simulatedReference(settlementId) });
}

/** "SIM" and an M-Pesa-like receipt, the same for the same settlement: never mistaken for a real rail's. */
export const simulatedReference = (settlementId: string) => `SIM${receiptFor(`payout:${settlementId}`)}`;

export const simulatePayoutTask: Task = async (payload) => {
  const { settlementId } = payload as { settlementId: string };
  await simulatePayout(settlementId);
};
