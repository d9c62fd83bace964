import { isDatabaseUnavailable, sqlStateOf } from '@/lib/platform/db/errors';
import { logger } from '@/lib/platform/logger';

/**
 * How long the outcome of an attempt that was sent is tried again and again to be recorded. The
 * request has reached the receiver (or failed) by then: if the recording is given up, the job fails,
 * graphile-worker runs it again and the receiver gets the webhook a second time. A statement that
 * waits its turn for a pooled connection (PgBouncer's queue, the app pool's) counts toward the
 * client's query timeout, so on a loaded database one recording can time out while the next one,
 * a moment later, goes through: waiting here costs a worker slot, sending again costs the merchant.
 * The job stays locked meanwhile (its worker still beats), and the sweep's lease covers this wait
 * (sweep.ts), so nobody else sends it either.
 */
export const RECORDING_PATIENCE_MS = 60_000;
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5_000;

/** SQLSTATEs worth another try besides "unavailable": deadlock, serialization failure, lock not available. */
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03']);

const isTransient = (error: unknown) => isDatabaseUnavailable(error) || TRANSIENT_CODES.has(sqlStateOf(error) ?? '');

/** The error line of a send whose outcome was not recorded (it will go again): operators and tests count these. */
export const UNRECORDED_SEND = 'webhook sent but its outcome could not be recorded; the job will run again and send it again';

export interface SentAttempt {
  deliveryId: string;
  eventId: string;
}

/**
 * Runs `record` (which must be safe to run twice: record-attempt.ts skips an attempt already
 * recorded, for a try whose answer was lost after it committed) until it succeeds, waiting 0.25 s
 * doubling to 5 s between tries, for at most `patienceMs`. An error that is not transient (a bug,
 * not the database) is thrown at once. Either way the error ends the job, which is then retried and
 * sends the webhook again: that is logged, so an operator (and the HA test) can count such repeats.
 */
export async function recordPatiently(record: () => Promise<void>, sent: SentAttempt, patienceMs = RECORDING_PATIENCE_MS): Promise<void> {
  const deadline = Date.now() + patienceMs;
  for (let wait = FIRST_WAIT_MS, tries = 1; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS), tries += 1) {
    try {
      await record();
      if (tries > 1) logger().info({ ...sent, tries }, 'webhook attempt recorded after the database was slow to take it');
      return;
    } catch (error) {
      if (!isTransient(error) || Date.now() + wait > deadline) {
        logger().error({ ...sent, tries, err: error }, UNRECORDED_SEND);
        throw error;
      }
      if (tries === 1) logger().warn({ ...sent, cause: (error as Error).message }, 'recording a webhook attempt failed; trying again');
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
