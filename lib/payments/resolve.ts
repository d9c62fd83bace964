import { and, eq } from 'drizzle-orm';
import { hasValidCheckDigit } from '@/lib/accounts/account-number';
import { virtualAccounts } from '@/lib/accounts/schema';
import { merchants } from '@/lib/merchants/schema';
import { couldNameABill, referenceKey } from '@/lib/bills/reference';
import { expectedPayments } from '@/lib/bills/schema';
import type { Queryable } from '@/lib/platform/db';
import type { InboundPayment, RejectionReason } from './inbound';
import { readPayerEntry, referenceBeside } from './payer-entry';

export type AccountRow = typeof virtualAccounts.$inferSelect;
export type BillRow = typeof expectedPayments.$inferSelect;

export type Target = { ok: true; account: AccountRow; billId: string | null } | { ok: false; reason: RejectionReason };

async function accountByNumber(tx: Queryable, number: string, merchantId?: string) {
  const [found] = await tx
    .select({ account: virtualAccounts, merchantStatus: merchants.status })
    .from(virtualAccounts)
    .innerJoin(merchants, eq(merchants.id, virtualAccounts.merchantId))
    .where(and(eq(virtualAccounts.accountNumber, number), merchantId ? eq(virtualAccounts.merchantId, merchantId) : undefined));
  return found;
}

/**
 * Which account a payment lands in, and which bill it may settle. The paybill, the bank and the
 * account numbers are shared by every merchant, so only the account number the payer's text
 * starts with picks the account (and with it the merchant); a reference after it, or beside it,
 * is read among that merchant's bills alone. Nothing another merchant creates can change the
 * outcome: its accounts have other numbers, and its bills are never searched.
 */
export async function resolveTarget(tx: Queryable, inbound: InboundPayment): Promise<Target> {
  const entry = readPayerEntry(inbound.accountReference);
  if (!entry.accountNumber) return { ok: false, reason: 'UNKNOWN_ACCOUNT' };
  if (!hasValidCheckDigit(entry.accountNumber)) return { ok: false, reason: 'INVALID_CHECK_DIGIT' };
  const found = await accountByNumber(tx, entry.accountNumber, inbound.merchantId);
  if (!found) return { ok: false, reason: 'UNKNOWN_ACCOUNT' };
  // A merchant disabled by the provider's operators takes no new money: refused at validation,
  // kept in suspense when it has moved already (docs/operator.md). Its accounts stay as they were.
  if (found.merchantStatus === 'DISABLED') return { ok: false, reason: 'MERCHANT_DISABLED' };
  const { account } = found;
  const reference = entry.reference ?? referenceBeside(inbound.billReference, account.accountNumber);
  return { ok: true, account, billId: await billOfAccount(tx, account, reference) };
}

/**
 * An invoice account belongs to its bill; any other account settles a bill only by reference, in
 * any letter case and spacing. A closed bill is still found: its payment is credited and marked
 * NEEDS_ATTENTION against it (matching.ts), which tells an operator what the payer meant.
 */
async function billOfAccount(tx: Queryable, account: AccountRow, reference: string | null): Promise<string | null> {
  if (account.purpose === 'INVOICE') return account.ownerId;
  if (!reference) return null;
  const key = referenceKey(reference);
  if (!couldNameABill(key)) return null;
  const [bill] = await tx
    .select({ id: expectedPayments.id })
    .from(expectedPayments)
    .where(and(eq(expectedPayments.merchantId, account.merchantId), eq(expectedPayments.referenceKey, key)));
  return bill?.id ?? null;
}
