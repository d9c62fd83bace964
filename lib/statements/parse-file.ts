import { createHash } from 'node:crypto';
import { parseCamt053 } from './camt053';
import { parseMt940 } from './mt940';
import { StatementFileError, type BankStatement } from './statement';

/** Far above a day's statement of a busy collection account (about 200 bytes an MT940 credit). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface StatementFile {
  hash: string;
  statements: BankStatement[];
}

/**
 * Reads a whole file before anything is recorded: XML is camt.053, anything else is tried as MT940.
 * Bytes that are not UTF-8 are refused rather than guessed at (a reference read wrongly would not match).
 */
export function parseStatementFile(bytes: Uint8Array): StatementFile {
  if (bytes.byteLength === 0) throw new StatementFileError('The file is empty.');
  if (bytes.byteLength > MAX_FILE_BYTES) throw new StatementFileError(`The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StatementFileError('The file is not UTF-8 text.');
  }
  const statements = content.trimStart().replace(/^\uFEFF/, '').startsWith('<') ? parseCamt053(content) : parseMt940(content);
  const seen = new Set<string>();
  for (const statement of statements) {
    const key = `${statement.bankAccount}\n${statement.statementId}`;
    if (seen.has(key)) throw new StatementFileError(`Statement ${statement.statementId} of account ${statement.bankAccount} appears twice in the file.`);
    seen.add(key);
    const references = new Set<string>();
    for (const entry of statement.entries) {
      // Only payers' booked credits are matched by reference; what else shares one is skipped anyway.
      if (entry.direction !== 'CREDIT' || !entry.booked || entry.reversal) continue;
      if (references.has(entry.bankReference)) {
        throw new StatementFileError(`Statement ${statement.statementId}, entry ${entry.position}: the bank reference ${entry.bankReference} appears twice in the statement.`);
      }
      references.add(entry.bankReference);
    }
  }
  return { hash: createHash('sha256').update(bytes).digest('hex'), statements };
}
