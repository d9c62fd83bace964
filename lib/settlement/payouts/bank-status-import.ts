import { readFile, stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { db, type Queryable } from '@/lib/platform/db';
import { settlements } from '../schema';
import { markFailedIn, markPaidIn } from '../transitions';
import { parsePain002, rejectionReason, StatusReportError } from './pain002';
import { settlementIdOf } from './pain001';

/** Accepted, settled: the money reached the creditor's account. */
const PAID = new Set(['ACSC', 'ACCC']);
/** Accepted or pending at some step: the settlement stays PROCESSING until the bank says more. */
const WAITING = new Set(['ACCP', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'ACFC', 'PDNG', 'RCVD', 'PART']);
const MAX_BYTES = 20 * 1024 * 1024;

export interface StatusImportReport {
  file: string;
  originalMessageId: string | null;
  /** The bank's status of the whole file (GrpSts), when it gave one: a file rejected whole names no transfer. */
  groupStatus: string | null;
  paid: string[];
  failed: { id: string; reason: string }[];
  /** Still PROCESSING: accepted or pending at the bank. */
  pending: string[];
  /** Already past what the report says (paid before, failed before): nothing changed. */
  unchanged: { id: string; status: string; reported: string }[];
  /** EndToEndIds that are no bank settlement of ours: reported, never fatal. */
  unknown: string[];
  /** Statuses we do not know: nothing changed for these transfers. */
  unreadStatuses: { endToEndId: string; status: string }[];
}

/**
 * `payouts:import-status --file F`: the bank's pain.002 status report. The whole file is read and
 * checked first (an unreadable file changes nothing), then applied in one transaction: RJCT fails
 * the settlement with the bank's reason (the money is back in `available`), ACSC pays it, an
 * accepted or pending status leaves it PROCESSING. Unknown EndToEndIds are listed, not fatal. A
 * report imported twice changes nothing the second time (each transition happens once).
 */
export async function importBankStatus(file: string, keep?: (tx: Queryable, outcome: StatusImportReport, xml: string) => Promise<void>): Promise<StatusImportReport | { error: string }> {
  let xml: string;
  try {
    if ((await stat(file)).size > MAX_BYTES) return { error: `${file} is larger than 20 MB; nothing was changed.` };
    xml = await readFile(file, 'utf8');
  } catch (error) {
    return { error: `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.` };
  }
  let report;
  try {
    report = parsePain002(xml);
  } catch (error) {
    if (error instanceof StatusReportError) return { error: `${file}: ${error.message.replace(/\.$/, '')}; nothing was changed.` };
    throw error;
  }
  const outcome: StatusImportReport = { file, originalMessageId: report.originalMessageId, groupStatus: report.groupStatus, paid: [], failed: [], pending: [], unchanged: [], unknown: [], unreadStatuses: [] };
  await db().transaction(async (tx) => {
    for (const transfer of report.transactions) {
      const id = settlementIdOf(transfer.endToEndId);
      const [settlement] = id ? await tx.select().from(settlements).where(eq(settlements.id, id)) : [];
      if (!settlement || settlement.rail !== 'BANK') {
        outcome.unknown.push(transfer.endToEndId);
        continue;
      }
      if (transfer.status === 'RJCT') {
        const reason = rejectionReason(transfer.reasons);
        const result = await markFailedIn(tx, settlement.id, reason);
        if (result?.changed) outcome.failed.push({ id: settlement.id, reason });
        else outcome.unchanged.push({ id: settlement.id, status: settlement.status, reported: transfer.status });
      } else if (PAID.has(transfer.status)) {
        const result = await markPaidIn(tx, settlement.id, { providerReference: transfer.bankReference });
        if (result?.changed) outcome.paid.push(settlement.id);
        else outcome.unchanged.push({ id: settlement.id, status: settlement.status, reported: transfer.status });
      } else if (WAITING.has(transfer.status)) {
        outcome.pending.push(settlement.id);
      } else {
        outcome.unreadStatuses.push({ endToEndId: transfer.endToEndId, status: transfer.status });
      }
    }
    // The operator console keeps the report and its audit rows in this transaction (lib/operator/payouts).
    if (keep) await keep(tx, outcome, xml);
  });
  return outcome;
}
