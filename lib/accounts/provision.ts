import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { unprocessable } from '@/lib/api/errors';
import { recordEvent } from '@/lib/events/record';
import { currencyNotOffered } from '@/lib/pricing/offered';
import { withCheckDigit } from './account-number';
import { toVirtualAccountJson } from './serialize';
import { collectionAccounts, virtualAccounts, type AccountPurpose } from './schema';

type NewAccount = Omit<
  typeof virtualAccounts.$inferInsert,
  'id' | 'accountNumber' | 'collectionAccountId' | 'balance' | 'feeBalance' | 'status' | 'createdAt'
> & { purpose: AccountPurpose };

/** The made-up number a currency's collection account starts with, until an operator sets the bank's real one. */
export const sandboxCollectionAccountNumber = (currency: string) => `0100${currency.charCodeAt(0)}${currency.charCodeAt(1)}${currency.charCodeAt(2)}`;

/** The bank account that pools one currency's virtual accounts; made the first time a currency is used. */
export async function collectionAccountId(tx: Queryable, currency: string): Promise<string> {
  await tx
    .insert(collectionAccounts)
    .values({ currency, bankAccountNumber: sandboxCollectionAccountNumber(currency) })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: collectionAccounts.id }).from(collectionAccounts).where(eq(collectionAccounts.currency, currency));
  return row!.id;
}

export async function nextAccountNumber(tx: Queryable): Promise<string> {
  const { rows } = await tx.execute<{ body: string }>(sql`select nextval('virtual_account_number_seq')::text as body`);
  return withCheckDigit(rows[0]!.body);
}

export async function insertVirtualAccount(tx: Queryable, account: NewAccount) {
  // Every way in (API, merchant's default currency, operator CLI) ends here: an account no channel
  // can pay into (none carries its currency, or none is priced in it: lib/pricing) would only ever
  // send its payers' money to suspense.
  const notOffered = await currencyNotOffered(account.merchantId, account.currency, tx);
  if (notOffered) throw unprocessable('No payment channel carries this currency.', [{ path: 'currency', message: notOffered }]);
  const [created] = await tx
    .insert(virtualAccounts)
    .values({
      ...account,
      accountNumber: await nextAccountNumber(tx),
      collectionAccountId: await collectionAccountId(tx, account.currency),
    })
    .returning();
  // Same transaction as the account: the event exists exactly when the account does.
  await recordEvent(tx, {
    merchantId: created!.merchantId,
    subMerchantId: created!.subMerchantId,
    type: 'virtual_account.created',
    data: toVirtualAccountJson(created!),
  });
  return created!;
}
