import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { importStatementFile, type ImportReport } from './import-statement';
import { tooLarge } from './parse-file';
import { StatementFileError } from './statement';

export interface ImportSummary extends ImportReport {
  totals: { entries: number; matched: number; recordedNow: number; suspense: number; mismatched: number; skipped: number; repeated: number };
}

/** One sentence: what was wrong, and that nothing was recorded. */
const refusal = (file: string, message: string) => ({ error: `${file}: ${message.replace(/\.$/, '')}; nothing was recorded.` });

/** `statements:import --file F`: the report, or a sentence saying why nothing was recorded. */
export async function readStatementFile(file: string): Promise<ImportSummary | { error: string }> {
  let bytes: Uint8Array;
  try {
    // A file over the cap is refused from its size alone, before its bytes take any memory.
    const large = tooLarge((await stat(file)).size);
    if (large) return refusal(file, large.message);
    bytes = await readFile(file);
  } catch (error) {
    return { error: `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.` };
  }
  try {
    const report = await importStatementFile(bytes, path.basename(file));
    const sum = (key: keyof ImportSummary['totals']) => report.statements.reduce((total, statement) => total + statement[key], 0);
    return {
      ...report,
      totals: {
        entries: sum('entries'),
        matched: sum('matched'),
        recordedNow: sum('recordedNow'),
        suspense: sum('suspense'),
        mismatched: sum('mismatched'),
        skipped: sum('skipped'),
        repeated: sum('repeated'),
      },
    };
  } catch (error) {
    if (error instanceof StatementFileError) return refusal(file, error.message);
    throw error;
  }
}
