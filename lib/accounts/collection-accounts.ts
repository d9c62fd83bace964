import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { db } from '@/lib/platform/db';
import { collectionAccountId, sandboxCollectionAccountNumber } from './provision';
import { collectionAccounts, virtualAccounts } from './schema';

export type CollectionAccountRow = typeof collectionAccounts.$inferSelect;

export const listCollectionAccounts = (): Promise<CollectionAccountRow[]> => db().select().from(collectionAccounts).orderBy(asc(collectionAccounts.currency));

/** Whether money was ever credited through it: a payment into any of its virtual accounts, or a statement of it imported. */
export async function collectionAccountReceivedCredits(account: CollectionAccountRow, q: Queryable = db()): Promise<boolean> {
  const { rows } = await q.execute<{ credited: boolean }>(sql`
    select exists (select 1 from payments p join ${virtualAccounts} v on v.id = p.virtual_account_id where v.collection_account_id = ${account.id})
        or exists (select 1 from statement_imports s where s.bank_account = ${account.bankAccountNumber}) as credited`);
  return Boolean(rows[0]?.credited);
}

/** The row of a currency, made (with the sandbox's default number) if it is the first time. */
export async function collectionAccountOf(tx: Queryable, currency: string): Promise<CollectionAccountRow> {
  const id = await collectionAccountId(tx, currency);
  const [row] = await tx.select().from(collectionAccounts).where(eq(collectionAccounts.id, id)).for('update');
  return row!;
}

export const isSandboxDefault = (account: CollectionAccountRow) => account.bankAccountNumber === sandboxCollectionAccountNumber(account.currency) && account.bankName === null;

/** Writes the bank's real account; statement imports and bank credit notifications read it from then on. */
export async function setCollectionAccount(tx: Queryable, currency: string, input: { accountNumber: string; bankName: string; branch: string }, updatedBy: string) {
  await collectionAccountOf(tx, currency);
  const [row] = await tx
    .update(collectionAccounts)
    .set({ bankAccountNumber: input.accountNumber, bankName: input.bankName, branch: input.branch, updatedAt: sql`now()`, updatedBy })
    .where(eq(collectionAccounts.currency, currency))
    .returning();
  return row!;
}

/** The bank account number that collects a currency now: the operator-set one, or the sandbox default until a first use made the row. */
export async function collectionAccountNumberOf(currency: string, q: Queryable = db()): Promise<string> {
  const [row] = await q.select({ number: collectionAccounts.bankAccountNumber }).from(collectionAccounts).where(eq(collectionAccounts.currency, currency));
  return row?.number ?? sandboxCollectionAccountNumber(currency);
}
