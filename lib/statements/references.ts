import { createHash } from 'node:crypto';
import type { StatementEntry } from './statement';

/** Prefix of a reference the service derived because the bank gave none (docs/reconciliation.md). */
export const DERIVED_PREFIX = 'STMT-';

/** References that mean "none" in real files. */
const NO_REFERENCE = new Set(['', 'NONREF', 'NOTPROVIDED', 'NOT PROVIDED']);

/** The bank's reference, or null when it wrote nothing or a placeholder. */
export function givenReference(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return NO_REFERENCE.has(trimmed.toUpperCase()) ? null : trimmed;
}

/**
 * A reference for an entry the bank gave none: a digest of what the entry says (its currency,
 * dates, mark, amount, every reference and text it carries), never of where it sits in the file nor
 * of how the file spells the account (`BIC/number` or the number alone). The same credit therefore
 * gets the same reference in a re-export, in another wrapper, line ending or camt version, and in an
 * overlapping statement, so it is recorded once. There is one collection account per currency, so
 * the currency stands for the account. `content` is every field, whitespace-normalised by the caller.
 */
export function derivedReference(currency: string, content: (string | null | undefined)[]): string {
  const digest = createHash('sha256').update(JSON.stringify([currency, ...content.map((part) => part?.replace(/\s+/g, ' ').trim() ?? null)])).digest('hex');
  return `${DERIVED_PREFIX}${digest.slice(0, 24).toUpperCase()}`;
}

/**
 * Two credits of one statement under one reference: the bank's reference is not unique there, so
 * the later ones are told apart by their occurrence (`REF/2`, `REF/3`), which a re-export keeps.
 * Identical derived references (the same text twice in a day) are told apart the same way.
 */
export function distinctReferences(entries: StatementEntry[]): void {
  const seen = new Map<string, number>();
  // Only payers' credits are kept by reference; a reversal or a debit may well repeat a credit's.
  for (const entry of entries.filter((candidate) => candidate.direction === 'CREDIT' && !candidate.reversal)) {
    const count = (seen.get(entry.bankReference) ?? 0) + 1;
    seen.set(entry.bankReference, count);
    if (count > 1) entry.bankReference = `${entry.bankReference}/${count}`;
  }
}
