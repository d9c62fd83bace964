/**
 * What a payer types on the shared paybill (M-Pesa's BillRefNumber) or as a bank beneficiary:
 * a virtual account number, optionally followed by a bill reference after `#` or whitespace
 * (`1000000018#INV-77`, `1000000018 INV-77`). The account number comes first, always: it is
 * globally unique, so it alone decides the merchant, and a reference is read only among that
 * merchant's bills. Text that does not start with an account number resolves to nothing.
 */
export interface PayerEntry {
  /** Ten digits, check digit not yet verified; null when the text does not start with them. */
  accountNumber: string | null;
  /** What follows the account number, trimmed; null when nothing does. */
  reference: string | null;
}

const ACCOUNT_FIRST = /^(\d{10})(?:$|\s*#|\s)(.*)$/su;

const nonEmpty = (text: string | null | undefined) => text?.trim() || null;

export function readPayerEntry(text: string): PayerEntry {
  const match = ACCOUNT_FIRST.exec(text.trim());
  if (!match) return { accountNumber: null, reference: null };
  return { accountNumber: match[1]!, reference: nonEmpty(match[2]) };
}

/**
 * A reference given beside the account number (Daraja's InvoiceNumber, a bank narration, the
 * sandbox's billReference). A narration often repeats the account number first, in either of the
 * payer's forms (`1000000018 INV-77`, `1000000018#INV-77`): that part is dropped.
 */
export function referenceBeside(text: string | null | undefined, accountNumber: string): string | null {
  const beside = nonEmpty(text);
  if (!beside) return null;
  const entry = readPayerEntry(beside);
  return entry.accountNumber === accountNumber ? entry.reference : beside;
}

/**
 * What a payment row keeps as its billReference: the reference the payer gave (after the account
 * number, else beside it), else the whole entry, as typed, so a merchant can search for it.
 */
export function referenceGiven(inbound: { accountReference: string; billReference?: string | null }): string {
  const entry = readPayerEntry(inbound.accountReference);
  const beside = entry.accountNumber ? referenceBeside(inbound.billReference, entry.accountNumber) : nonEmpty(inbound.billReference);
  return entry.reference ?? beside ?? inbound.accountReference;
}
