import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OperatorPrincipal } from '@/lib/api/principal';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { exportBankPayouts } from '@/lib/settlement/payouts/bank-export';
import { recordOperatorChange } from '../audit';
import { toPayoutBatchJson, type PayoutFileRow } from './queries';
import { payoutFiles } from './schema';

/** Per currency: how many transfers and their exact sum (as the CLI's export report). */
function totalsOf(settlements: { currency: string; amount: string }[]) {
  const totals: Record<string, { count: number; amount: string }> = {};
  for (const currency of [...new Set(settlements.map((row) => row.currency))].sort()) {
    const mine = settlements.filter((row) => row.currency === currency);
    totals[currency] = { count: mine.length, amount: fromUnits(mine.reduce((sum, row) => sum + toUnits(row.amount), 0n)) };
  }
  return totals;
}

/**
 * The console's `payouts:export`: lib/settlement's export (PENDING → PROCESSING, one file, locked
 * SKIP LOCKED), with the file kept in payout_files and the change in the platform's and each paid
 * merchant's audit log, all in the export's own transaction. The export writes a file on disk (the
 * CLI's contract); here it goes to a private temporary folder removed afterwards: the database copy
 * is the one the console downloads.
 */
export async function exportPayoutsFromConsole(operator: OperatorPrincipal, merchantId?: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'collect-payouts-'));
  let kept: PayoutFileRow | undefined;
  try {
    await exportBankPayouts(path.join(folder, 'pain001.xml'), new Date(), merchantId ? { merchantIds: [merchantId] } : {}, async (tx, file) => {
      const totals = totalsOf(file.settlements);
      [kept] = await tx
        .insert(payoutFiles)
        .values({ messageId: file.messageId, xml: file.xml, transferCount: file.settlements.length, totals, settlementIds: file.settlements.map((row) => row.id), exportedBy: operator.userId })
        .returning();
      const summary = Object.entries(totals).map(([currency, total]) => `${total.count} × ${currency} (${total.amount})`).join(', ');
      await recordOperatorChange(tx, operator, {
        merchantIds: [...new Set(file.settlements.map((row) => row.merchantId))],
        action: 'payouts.exported',
        targetType: 'payout_file',
        targetId: kept!.id,
        summary: `exported bank settlements to the bank in file ${file.messageId}: ${summary}`,
        details: { messageId: file.messageId, settlementIds: file.settlements.map((row) => row.id) },
      });
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return { batch: kept ? toPayoutBatchJson(kept, []) : null };
}
