import { createHash } from 'node:crypto';
import { parseCamt053 } from './camt053';
import { parseMt940 } from './mt940';
import { StatementFileError, type BankStatement } from './statement';

/**
 * Far above a day's statement of a busy collection account (about 200 bytes an MT940 credit, 600 a
 * camt.053 one): a larger file is refused before it is read, so memory stays bounded.
 */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export interface StatementFile {
  hash: string;
  /** Every statement, each with the first problem of its entries or balances (checked after its account). */
  statements: BankStatement[];
}

/** Over the cap: one sentence, the same whether the bytes were read or only their size was seen. */
export function tooLarge(size: number): StatementFileError | null {
  if (size <= MAX_FILE_BYTES) return null;
  return new StatementFileError(`The file is ${(size / 1024 / 1024).toFixed(1)} MB, more than the ${MAX_FILE_BYTES / 1024 / 1024} MB a statement file may be; ask the bank for one file per day`);
}

/** A byte-order mark, SOH framing and white space before the first character that counts. */
function firstSignificant(bytes: Uint8Array): number {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (index < bytes.length && (bytes[index] === 0x01 || bytes[index] === 0x20 || bytes[index] === 0x09 || bytes[index] === 0x0a || bytes[index] === 0x0d)) index++;
  return index;
}

/**
 * UTF-8, strictly. Otherwise: XML that declares a Latin-1 encoding is read in it; MT940 is read as
 * Windows-1252, as German banks write umlauts in :86: (SWIFT's own character set is ASCII, so a
 * reference, an amount or a date reads the same either way). Anything else is refused, not guessed.
 */
function decode(bytes: Uint8Array, xml: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const declared = xml ? /encoding\s*=\s*["']([^"']+)["']/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1] : 'windows-1252';
    if (declared && /^(iso-8859-1|iso-8859-15|latin-?1|windows-1252|cp1252)$/i.test(declared)) return new TextDecoder('windows-1252').decode(bytes);
    throw new StatementFileError('The file is not UTF-8 text and declares no other encoding');
  }
}

/**
 * Reads a whole file before anything is recorded: XML must be camt.053 (any version), anything else
 * is tried as MT940. A statement whose account cannot even be told refuses the file at once; any
 * other problem stays with its statement (`problem`) so that the account is checked first.
 */
export function parseStatementFile(bytes: Uint8Array): StatementFile {
  if (bytes.byteLength === 0) throw new StatementFileError('The file is empty');
  const large = tooLarge(bytes.byteLength);
  if (large) throw large;
  const start = firstSignificant(bytes);
  const xml = bytes[start] === 0x3c; // '<'
  const content = decode(bytes.subarray(xml ? start : 0), xml);
  const statements = xml ? parseCamt053(content) : parseMt940(content);
  return { hash: createHash('sha256').update(bytes).digest('hex'), statements };
}
