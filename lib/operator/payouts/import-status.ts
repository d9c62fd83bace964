import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unprocessable } from '@/lib/api/errors';
import type { OperatorPrincipal } from '@/lib/api/principal';
import { importBankStatus } from '@/lib/settlement/payouts/bank-status-import';
import { merchantsOfSettlements } from '@/lib/settlement/payouts/pending-bank';
import { recordOperatorChange } from '../audit';
import { payoutStatusReports } from './schema';

/**
 * The console's `payouts:import-status`: lib/settlement's import of a pain.002, given the uploaded
 * text through a private temporary file (the CLI's contract), with the report kept and the change
 * recorded (platform log, and each merchant whose settlement it paid or failed) in the import's
 * own transaction. An unreadable report is a 422 that changes nothing.
 */
export async function importStatusFromConsole(operator: OperatorPrincipal, upload: { fileName?: string; xml: string }) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'collect-pain002-'));
  const file = path.join(folder, 'pain002.xml');
  let reportId: string | undefined;
  try {
    await writeFile(file, upload.xml, { encoding: 'utf8', mode: 0o600 });
    const outcome = await importBankStatus(file, async (tx, result, xml) => {
      const [kept] = await tx
        .insert(payoutStatusReports)
        .values({ originalMessageId: result.originalMessageId, fileName: upload.fileName ?? null, xml, outcome: { ...result, file: undefined }, importedBy: operator.userId })
        .returning({ id: payoutStatusReports.id });
      reportId = kept!.id;
      const changed = [...result.paid, ...result.failed.map((row) => row.id)];
      await recordOperatorChange(tx, operator, {
        merchantIds: await merchantsOfSettlements(tx, changed),
        action: 'payouts.status_imported',
        targetType: 'payout_status_report',
        targetId: kept!.id,
        summary: `imported the bank's status report for file ${result.originalMessageId ?? '(not named)'}: ${result.paid.length} paid, ${result.failed.length} failed, ${result.pending.length} pending`,
        details: { originalMessageId: result.originalMessageId, paid: result.paid, failed: result.failed },
      });
    });
    if ('error' in outcome) {
      // The import names its file; here that is our temporary one, so say it of the upload instead.
      const detail = outcome.error.replace(file, upload.fileName ? `"${upload.fileName}"` : 'The file').replace(/^"(.*?)": /, 'The file "$1": ');
      throw unprocessable(detail, [{ path: 'xml', message: detail }], 'unreadable_status_report');
    }
    const { file: _file, ...report } = outcome;
    return { id: reportId!, ...report };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
