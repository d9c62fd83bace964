import type { StatementFormat } from './schema';

/** What the bank booked, read from a camt.053 or MT940 file; nothing here is trusted yet. */
export interface StatementEntry {
  /** 1-based, in file order within its statement; a batch's transactions each take one. */
  position: number;
  /** Where the entry is in the file, for sentences: `Ntry 3, TxDtls 2`, `line 9 (:61: entry 2)`. */
  place: string;
  /**
   * The bank's identity of the credit: camt AcctSvcrRef, MT940's reference after `//`; or, when
   * the bank gives none, a reference derived from what the entry says (docs/reconciliation.md).
   */
  bankReference: string;
  direction: 'CREDIT' | 'DEBIT';
  /** Plain decimal text, zero or positive. */
  amount: string;
  currency: string;
  /** BOOK (camt; no Sts at all in older versions) or any MT940 line: only booked money is money. */
  booked: boolean;
  /** The entry reverses an earlier one (camt RvslInd, MT940 RC/RD): not a payer's credit. */
  reversal: boolean;
  /** Why this entry can never be a payer's credit, whatever else it says (a debit batch, a charge). */
  skip: string | null;
  /** YYYY-MM-DD, the booking date (or the value date when no booking date is given). */
  bookedOn: string | null;
  /** ISO 8601 with an offset: when the money arrived, as precisely as the file says. */
  bookedAt: string | null;
  /** The virtual account the payer paid into (the creditor account). */
  accountNumber: string | null;
  payerName: string | null;
  payerAccount: string | null;
  narration: string | null;
  channel: 'INSTANT_BANK' | 'RTGS';
  /** camt TxDtls/Refs/EndToEndId of the transactions the entry books: how a settlement's payout is recognised. */
  endToEndIds?: string[];
  /** camt TxDtls/RtrInf: the entry gives back an earlier transfer, for this reason ('' when none is said). */
  returnReason?: string;
}

export interface BankStatement {
  format: StatementFormat;
  /** The bank's statement id: camt `Stmt/Id`; MT940 `:20:` + `/` + `:28C:`. Not unique on its own. */
  statementId: string;
  /** The account as the statement names it; our collection account's number once checked. */
  bankAccount: string;
  /** "Statement 1 (ID)" or "Stmt 1 (ID)": how sentences name it. */
  where: string;
  currency: string;
  /** Signed decimal text (a debit balance is negative), when the statement gives it. */
  openingBalance: string | null;
  closingBalance: string | null;
  /** YYYY-MM-DD of the opening and closing balances: part of the statement's identity. */
  openingDate: string | null;
  closingDate: string | null;
  entries: StatementEntry[];
  /**
   * The first thing wrong with the statement's entries or balances. Kept, not thrown, while the
   * file is read, so that a statement of an account that is not ours is said so first.
   */
  problem: StatementFileError | null;
}

/** A file that cannot be imported as it is: one sentence naming what and where, ending with a full stop. */
export class StatementFileError extends Error {
  constructor(message: string) {
    super(/[.!?]$/.test(message) ? message : `${message}.`);
  }
}

// Control characters, and characters that print as nothing (soft hyphen, zero-width ones, BOM).
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060-\u2064\ufeff"\\]/g;

/**
 * Text from the file quoted for a sentence: invisible characters written as escapes (`\x01`,
 * `\u200b`), so that a line of nothing but a control character never reads as `""`. Long text is cut.
 */
export function shown(text: string, length = 60): string {
  const cut = text.length > length ? `${text.slice(0, length)}…` : text;
  const escaped = cut.replace(INVISIBLE, (character) => {
    if (character === '"' || character === '\\') return `\\${character}`;
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  return `"${escaped}"`;
}

/**
 * The channel a credit is recorded under: RTGS when the bank's code says so or the currency is one
 * only RTGS carries (lib/money/channels.ts), an instant transfer otherwise (docs/reconciliation.md).
 */
export const channelFor = (currency: string, rtgsCode: boolean): StatementEntry['channel'] => (rtgsCode || currency !== 'KES' ? 'RTGS' : 'INSTANT_BANK');

/**
 * A date without a time is the start of that day: in its own zone when it carries one
 * (`2017-04-11+02:00`, as camt allows), else Nairobi's; a local time without a zone is Nairobi's.
 */
export function nairobiInstant(dateOrTime: string): string {
  const date = /^(\d{4}-\d{2}-\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(dateOrTime);
  if (date) return `${date[1]}T00:00:00${date[2] ?? '+03:00'}`;
  if (/(Z|[+-]\d{2}:\d{2})$/.test(dateOrTime)) return dateOrTime;
  return `${dateOrTime}+03:00`;
}

const clip = (text: string | null | undefined, length: number) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, length) : null;
};
/** Free text as the bank credit notification takes it (docs/rails.md): single-spaced and bounded. */
export const freeText = { name: (text: string | null | undefined) => clip(text, 200), account: (text: string | null | undefined) => clip(text, 64), narration: (text: string | null | undefined) => clip(text, 500) };
