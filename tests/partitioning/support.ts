import { vi } from 'vitest';
import { ingestPayment } from '@/lib/payments/ingest';
import type { InboundPayment } from '@/lib/payments/inbound';
import { createMonthlyPartitions } from '@/lib/platform/db/partitions';

/** The 15th, 09:00 UTC, of the month `months` from now's (UTC months, as the partitions). */
export const midMonth = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 15, 9));
};

/** A payment recorded as the rail's confirmation records it (batched); throws if it was not. */
export async function paid(inbound: InboundPayment, strict = false) {
  const result = await ingestPayment(inbound, { strict });
  if (result.outcome !== 'recorded') throw new Error(result.outcome);
  return result.payment;
}

/** A payment recorded as if it arrived at `at` (its month's partition made first, as the job would have). */
export async function paidAt(at: Date, inbound: InboundPayment) {
  await createMonthlyPartitions({ now: at, monthsAhead: 0 });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await paid({ ...inbound, receivedAt: at });
  } finally {
    vi.useRealTimers();
  }
}
