import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { collectionAccounts, virtualAccounts } from '@/lib/accounts/schema';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { processBankCredit } from '@/lib/rails/bank-credit';
import { statementIdentity } from '@/lib/statements/identity';
import { parseStatementFile } from '@/lib/statements/parse-file';
import { statementImports } from '@/lib/statements/schema';

/** An account number with a valid check digit that no account has (numbers start at 100000000). */
export const UNKNOWN_ACCOUNT = withCheckDigit('099999999');

export async function kesCollectionAccount() {
  const [account] = await db().select().from(collectionAccounts).where(eq(collectionAccounts.currency, 'KES'));
  return account!.bankAccountNumber;
}

/** A fixture with its {{NAME}}s filled in, as the bytes of a file. */
export function render(fixture: string, values: Record<string, string>): Uint8Array {
  const template = readFileSync(path.join(import.meta.dirname, 'fixtures', fixture), 'utf8');
  const filled = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  return new TextEncoder().encode(filled);
}

/** Fresh references and a fresh statement id, so each test's statement is new to the database. */
export const freshIds = () => {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  return { REF: `FT${tag}`, STATEMENT_ID: `STMT-${tag}` };
};

/** The bank's credit notification of a statement entry, as the rail receives it. */
export const notify = (bankReference: string, accountNumber: string, amount: string, channel: 'INSTANT_BANK' | 'RTGS' = 'INSTANT_BANK') =>
  processBankCredit({ bankReference, accountNumber, amount, currency: 'KES', narration: accountNumber, channel, transactionTime: '2026-11-21T10:02:53+03:00' });

export const paymentsWith = (references: string[]) => db().select().from(payments).where(inArray(payments.providerReference, references));
export const suspenseWith = (references: string[]) => db().select().from(suspensePayments).where(inArray(suspensePayments.providerReference, references));
export const importsOf = (statementId: string) => db().select().from(statementImports).where(eq(statementImports.statementId, statementId));

export async function balanceOf(id: string) {
  const [account] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, id));
  return { balance: account!.balance, feeBalance: account!.feeBalance };
}

/** The identity the import gives the file's first statement, once its account is known to be ours. */
export function identityOf(bytes: Uint8Array, collectionAccount: string): string {
  const [statement] = parseStatementFile(bytes).statements;
  return statementIdentity({ ...statement!, bankAccount: collectionAccount });
}
