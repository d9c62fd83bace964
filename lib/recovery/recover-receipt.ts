import { storableKey } from '@/lib/platform/text';
import { recoverySource } from './daraja-settings';
import { RecoveryError } from './errors';
import type { RecoveredTransaction, RecoveryReport } from './recover';
import { knownReferences, recordPulled } from './record-pulled';
import { finishRun, startRun, type RunCounts } from './runs';
import { sandboxTransaction } from './sandbox-list';
import type { RecoveryTrigger } from './schema';
import { askTransactionStatus } from './transaction-status';

export interface ReceiptReport extends RecoveryReport {
  /** Live: the Transaction Status query whose result Daraja posts later to our ResultURL. */
  statusQuery?: { id: string; status: string };
}

/**
 * One receipt an operator asks about (`rails:recover --receipt`). Live, Daraja's Transaction Status
 * is asked and its result, posted later, records the payment. In the sandbox the simulated
 * provider answers at once from its own list.
 */
export async function recoverReceipt(receipt: string, trigger: RecoveryTrigger): Promise<ReceiptReport> {
  const source = recoverySource();
  if (!source) throw new RecoveryError('not_configured', 'Recovery needs the sandbox, or DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET.');
  const now = new Date();
  const run = await startRun({ source, trigger, window: { start: now, end: now }, receipt });
  const counts: RunCounts = { pages: 0, found: 0, recorded: 0, suspense: 0, duplicates: 0, statusQueries: 0, errors: 0 };
  const seen = (outcome: RecoveredTransaction['outcome'], paymentId?: string): RecoveredTransaction => ({ transactionId: receipt, amount: '', accountReference: '', outcome, ...(paymentId ? { paymentId } : {}) });
  try {
    if ((await knownReferences([storableKey(receipt)])).size > 0) {
      counts.duplicates = 1;
      return { run: await finishRun(run.id, counts), transactions: [seen('duplicate')] };
    }
    if (source === 'DARAJA') {
      const query = await askTransactionStatus(receipt, { runId: run.id });
      counts.statusQueries = 1;
      return { run: await finishRun(run.id, counts), transactions: [seen('status_query')], statusQuery: { id: query.id, status: query.status } };
    }
    const entry = await sandboxTransaction(receipt);
    if (!entry) return { run: await finishRun(run.id, counts, `The simulated M-Pesa has no transaction ${receipt}.`), transactions: [] };
    counts.found = 1;
    const result = await recordPulled(entry, { runId: run.id, via: 'SANDBOX' });
    counts[result.outcome === 'recorded' ? 'recorded' : result.outcome === 'suspense' ? 'suspense' : 'duplicates'] = 1;
    const transaction: RecoveredTransaction = {
      ...seen(result.outcome, 'paymentId' in result ? result.paymentId : undefined),
      amount: String(entry.amount),
      accountReference: String(entry.billreference),
    };
    return { run: await finishRun(run.id, counts), transactions: [transaction] };
  } catch (error) {
    const message = error instanceof RecoveryError ? error.message : 'Unexpected error.';
    return { run: await finishRun(run.id, { ...counts, errors: 1 }, message), transactions: [] };
  }
}
