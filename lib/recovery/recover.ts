import { logger } from '@/lib/platform/logger';
import { railText } from '@/lib/rails/c2b';
import { pullPage } from './daraja-pull';
import { pullSettings, recoverySource, statusConfigured } from './daraja-settings';
import { RecoveryError } from './errors';
import { isAmbiguous, pulledReference, type PulledTransaction } from './pulled';
import { knownReferences, recordPulled } from './record-pulled';
import { finishRun, nextWindow, startRun, type RecoveryRun, type RunCounts } from './runs';
import { sandboxPage } from './sandbox-list';
import type { RecoverySource, RecoveryTrigger } from './schema';
import { askTransactionStatus } from './transaction-status';

/** Pages asked for at most in one run: far more than 48 hours of a paybill, and a bound on a provider that never says "no more". */
const MAX_PAGES = 1_000;

export type TransactionOutcome = 'recorded' | 'suspense' | 'duplicate' | 'status_query' | 'unreadable' | 'error';

export interface RecoveredTransaction {
  transactionId: string;
  amount: string;
  accountReference: string;
  outcome: TransactionOutcome;
  paymentId?: string;
}

export interface RecoveryReport {
  run: RecoveryRun;
  transactions: RecoveredTransaction[];
}

const zero = (): RunCounts => ({ pages: 0, found: 0, recorded: 0, suspense: 0, duplicates: 0, statusQueries: 0, errors: 0 });

/**
 * Every page of the provider's list for the window, before anything is recorded: a provider that
 * fails half-way (a refused token, a 500) leaves the run FAILED with nothing of it written, and
 * the next run asks for the same window again.
 */
async function pullAll(source: RecoverySource, window: { start: Date; end: Date }, counts: RunCounts): Promise<PulledTransaction[]> {
  const settings = source === 'DARAJA' ? pullSettings() : undefined;
  const entries: PulledTransaction[] = [];
  while (counts.pages < MAX_PAGES) {
    const page = settings ? await pullPage(settings, window, entries.length) : await sandboxPage(window, entries.length);
    counts.pages += 1;
    if (page.length === 0) return entries;
    entries.push(...page);
  }
  throw new RecoveryError('too_many_pages', `The provider kept answering after ${MAX_PAGES} pages; the window was not worked.`);
}

const describe = (entry: PulledTransaction, outcome: TransactionOutcome, paymentId?: string): RecoveredTransaction => ({
  transactionId: railText(entry.transactionId as string | number | undefined),
  amount: railText(entry.amount as string | number | undefined),
  accountReference: railText(entry.billreference as string | number | undefined),
  outcome,
  ...(paymentId ? { paymentId } : {}),
});

/** One entry: known already, asked about (live, when the list leaves it in doubt), or recorded now. */
async function workEntry(entry: PulledTransaction, source: RecoverySource, run: RecoveryRun, known: Set<string>): Promise<{ outcome: TransactionOutcome; paymentId?: string }> {
  const reference = pulledReference(entry);
  if (!reference) return { outcome: 'unreadable' };
  if (known.has(reference)) return { outcome: 'duplicate' };
  known.add(reference); // listed twice in one answer: worked once
  // Without an initiator, the list's version is recorded: an amount that is not money then waits in suspense, never credited.
  if (source === 'DARAJA' && isAmbiguous(entry) && statusConfigured()) {
    await askTransactionStatus(reference, { runId: run.id, pulled: entry });
    return { outcome: 'status_query' };
  }
  const result = await recordPulled(entry, { runId: run.id, via: source === 'SANDBOX' ? 'SANDBOX' : 'PULL' });
  return { outcome: result.outcome, paymentId: 'paymentId' in result ? result.paymentId : undefined };
}

const tally: Record<TransactionOutcome, keyof RunCounts> = {
  recorded: 'recorded',
  suspense: 'suspense',
  duplicate: 'duplicates',
  status_query: 'statusQueries',
  unreadable: 'errors',
  error: 'errors',
};

/**
 * Asks the provider (Daraja's Pull Transactions, or the sandbox's own list) for the paybill's
 * transactions over the window and records every one the service never received, exactly once
 * (docs/reconciliation.md, "Missed callbacks recovered"). `sinceMs`: the window reaches that far
 * back instead of following on from the last completed run.
 */
export async function recoverMissedPayments(options: { trigger: RecoveryTrigger; sinceMs?: number; now?: Date }): Promise<RecoveryReport> {
  const source = recoverySource();
  if (!source) throw new RecoveryError('not_configured', 'Recovery needs the sandbox, or DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET.');
  const window = await nextWindow(source, options.now ?? new Date(), options.sinceMs);
  const run = await startRun({ source, trigger: options.trigger, window });
  const counts = zero();
  let entries: PulledTransaction[];
  try {
    entries = await pullAll(source, window, counts);
  } catch (error) {
    const message = error instanceof RecoveryError ? error.message : 'Unexpected error while pulling transactions.';
    logger().error({ runId: run.id, err: error instanceof RecoveryError ? undefined : error }, `missed-callback recovery failed: ${message}`);
    return { run: await finishRun(run.id, counts, message), transactions: [] };
  }
  counts.found = entries.length;
  const known = await knownReferences(entries.map(pulledReference).filter((reference) => reference !== undefined));
  const transactions: RecoveredTransaction[] = [];
  let failure: string | undefined;
  for (const entry of entries) {
    let worked: { outcome: TransactionOutcome; paymentId?: string };
    try {
      worked = await workEntry(entry, source, run, known);
    } catch (error) {
      // This entry waits for the next run (its window overlaps this one); the others go on.
      failure ??= error instanceof RecoveryError ? error.message : 'A transaction could not be recorded; the next run tries again.';
      logger().error({ runId: run.id, transactionId: railText(entry.transactionId as string | undefined), err: error }, 'missed-callback recovery could not record a transaction');
      worked = { outcome: 'error' };
    }
    counts[tally[worked.outcome]] += 1;
    transactions.push(describe(entry, worked.outcome, worked.paymentId));
  }
  const finished = await finishRun(run.id, counts, failure);
  if (counts.recorded + counts.suspense > 0) {
    logger().warn({ runId: run.id, recorded: counts.recorded, suspense: counts.suspense }, 'missed M-Pesa callbacks recovered');
  }
  return { run: finished, transactions };
}
