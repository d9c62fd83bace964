import { createHash } from 'node:crypto';
import { toUnits } from '@/lib/money/decimal';
import type { BankStatement } from './statement';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const units = (amount: string | null) => (amount === null ? null : toUnits(amount).toString());

/**
 * What makes a statement unique: its account and id (`:20:`/`:28C:`, `Stmt/Id`), its opening
 * balance's date and amount, its closing balance's date and amount, and a digest of its entries.
 * Banks reuse statement ids every day (Sparkasse, Rabobank), so the id alone would answer the next
 * day's statement "already imported". A re-export of the same statement, in another wrapper,
 * line ending or file, has the same identity; amounts are compared as numbers (`800,` is `800.00`).
 */
export function statementIdentity(statement: BankStatement): string {
  const entries = statement.entries.map((entry) =>
    JSON.stringify([entry.bankReference, entry.direction, units(entry.amount), entry.currency, entry.booked, entry.reversal, entry.bookedOn, entry.accountNumber]),
  );
  return sha256(
    JSON.stringify([
      statement.bankAccount,
      statement.statementId,
      statement.openingDate,
      units(statement.openingBalance),
      statement.closingDate,
      units(statement.closingBalance),
      sha256(entries.join('\n')),
    ]),
  );
}
