import type { StatementFormat } from './schema';

/** What the bank booked, read from a camt.053 or MT940 file; nothing here is trusted yet. */
export interface StatementEntry {
  /** 1-based, in file order within its statement. */
  position: number;
  /** camt AcctSvcrRef, MT940's bank reference after `//`: the bank's identity of the credit. */
  bankReference: string;
  direction: 'CREDIT' | 'DEBIT';
  /** Plain decimal text, positive. */
  amount: string;
  currency: string;
  /** BOOK (camt) or any MT940 line: only booked money is money. */
  booked: boolean;
  /** The entry reverses an earlier one (camt RvslInd, MT940 RC/RD): not a payer's credit. */
  reversal: boolean;
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
}

export interface BankStatement {
  format: StatementFormat;
  statementId: string;
  /** The collection account as the statement names it. */
  bankAccount: string;
  currency: string;
  /** Signed decimal text (a debit balance is negative), when the statement gives it. */
  openingBalance: string | null;
  closingBalance: string | null;
  entries: StatementEntry[];
}

/** A file that cannot be imported as it is: the message names what and where. */
export class StatementFileError extends Error {}

/**
 * The channel a credit is recorded under: RTGS when the bank's code says so or the currency is one
 * only RTGS carries (lib/money/channels.ts), an instant transfer otherwise (docs/reconciliation.md).
 */
export const channelFor = (currency: string, rtgsCode: boolean): StatementEntry['channel'] => (rtgsCode || currency !== 'KES' ? 'RTGS' : 'INSTANT_BANK');

/** A date without a time is the start of that Nairobi day; a local time without a zone is Nairobi's. */
export function nairobiInstant(dateOrTime: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(dateOrTime)) return `${dateOrTime}T00:00:00+03:00`;
  if (/(Z|[+-]\d{2}:\d{2})$/.test(dateOrTime)) return dateOrTime;
  return `${dateOrTime}+03:00`;
}

const clip = (text: string | null | undefined, length: number) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, length) : null;
};
/** Free text as the bank credit notification takes it (docs/rails.md): single-spaced and bounded. */
export const freeText = { name: (text: string | null | undefined) => clip(text, 200), account: (text: string | null | undefined) => clip(text, 64), narration: (text: string | null | undefined) => clip(text, 500) };
