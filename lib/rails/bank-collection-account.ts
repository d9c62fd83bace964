import { collectionAccountNumberOf } from '@/lib/accounts/collection-accounts';
import type { RailAmount } from '@/lib/money/rail-amount';
import type { IngestResult, RailInbound } from '@/lib/payments/ingest';
import { suspend } from '@/lib/payments/suspend';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { storableText } from '@/lib/platform/text';
import { keepRailNotification } from './notifications';
import type { BankCreditInput } from './schemas';

/** A bank writes an account number with spaces or dashes at times (`0100 7569 83`): digits and letters are what identify it. */
const accountKey = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : storableText(String(value)).replace(/[\s-]/g, '').toUpperCase());

/**
 * The collection account a credit notification names, checked against ours for its currency
 * (docs/rails.md, "Which account the bank credited"). Undefined when it names none (a bank
 * integration from before the field); otherwise the number it named and whether it is ours. The
 * caller checks only a credit with a currency: one without goes to suspense as WRONG_CURRENCY anyway.
 */
export async function creditedCollectionAccount(credit: BankCreditInput, currency: string): Promise<{ named: string; ours: boolean } | undefined> {
  const named = accountKey(credit.collectionAccountNumber);
  if (!named) return undefined;
  return { named, ours: named === accountKey(await collectionAccountNumberOf(currency)) };
}

/**
 * The bank says it credited an account that is not ours for this currency. The notification is
 * signed, so the money is somewhere at the bank: it is kept, never refused, but credited to no
 * merchant (the virtual account number could be a coincidence in another bank's or client's
 * numbering). It waits in suspense of no merchant for an operator to look at, with the
 * notification kept as received.
 */
export async function holdForeignCredit(inbound: RailInbound, amount: RailAmount, named: string, rawBody: string): Promise<IngestResult> {
  const amounts = amount.ok ? { amount: amount.amount, amountText: amount.amount } : { amount: null, amountText: amount.text };
  const [, result] = await Promise.all([
    keepRailNotification({ rail: 'BANK', kind: 'BANK_CREDIT', providerReference: inbound.providerReference, rawBody }),
    // An amount that is not money keeps its own reason: the amount column holds only money.
    suspend(db(), inbound, amount.ok ? 'FOREIGN_COLLECTION_ACCOUNT' : amount.reason, amounts),
  ]);
  if (result.outcome === 'suspense' && !result.duplicate) logger().warn({ rail: 'BANK', providerReference: inbound.providerReference, collectionAccountNumber: named, currency: inbound.currency }, 'bank credit to an account that is not our collection account; held in suspense');
  return result;
}
