/**
 * A bill reference as payers type it: in any letter case, with stray spaces. One key decides both
 * what a payer's text matches and what counts as a duplicate when a merchant creates a bill.
 *
 * Only ASCII letters are folded. Stored references are ASCII (see PaymentReference in schemas.ts),
 * and PostgreSQL computes the same fold as the `reference_key` generated column with translate(),
 * which, unlike upper(), does not depend on the database's locale. Folding other letters here (as
 * String#toUpperCase does: "ß" → "SS", "ﬁ" → "FI") could make text no bill has match one that does.
 */
export function referenceKey(text: string): string {
  return text
    .trim()
    .replace(/\s+/gu, ' ')
    .replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** The SQL twin of referenceKey for a stored reference (which holds no whitespace). */
export const REFERENCE_KEY_SQL = "translate(payment_reference, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')";

/**
 * Whether a key could be a stored bill's: printable ASCII without spaces, of a reference's length.
 * Anything else names no bill, and is not sent to PostgreSQL (which refuses a NUL in text).
 */
export const couldNameABill = (key: string) => /^[!-~]{1,80}$/.test(key);
