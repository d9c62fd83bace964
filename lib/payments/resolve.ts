import { and, eq, inArray } from 'drizzle-orm';
import { hasValidCheckDigit } from '@/lib/accounts/account-number';
import { virtualAccounts } from '@/lib/accounts/schema';
import { expectedPayments } from '@/lib/bills/schema';
import type { Queryable } from '@/lib/platform/db';
import type { InboundPayment, RejectionReason } from './inbound';

export type AccountRow = typeof virtualAccounts.$inferSelect;
export type BillRow = typeof expectedPayments.$inferSelect;

export type Target = { ok: true; account: AccountRow; billId: string | null } | { ok: false; reason: RejectionReason };

const awaiting = ['OPEN', 'PARTIALLY_PAID'] as const;

async function accountByNumber(tx: Queryable, number: string, merchantId?: string) {
  const [account] = await tx
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.accountNumber, number), merchantId ? eq(virtualAccounts.merchantId, merchantId) : undefined));
  return account;
}

async function legacyAccountOf(tx: Queryable, merchantId: string) {
  const [account] = await tx
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.merchantId, merchantId), eq(virtualAccounts.purpose, 'LEGACY')));
  return account;
}

/** Bills with this reference; across merchants unless the caller is one merchant (sandbox). */
async function billsByReference(tx: Queryable, reference: string, merchantId?: string, onlyAwaiting = false) {
  return tx
    .select({ id: expectedPayments.id, merchantId: expectedPayments.merchantId, virtualAccountId: expectedPayments.virtualAccountId })
    .from(expectedPayments)
    .where(
      and(
        eq(expectedPayments.paymentReference, reference),
        merchantId ? eq(expectedPayments.merchantId, merchantId) : undefined,
        onlyAwaiting ? inArray(expectedPayments.status, awaiting) : undefined,
      ),
    )
    .limit(2);
}

/**
 * Which account a payment lands in, and which bill it may settle. The payer's entry is tried as an
 * account number first; a number whose check digit fails is a typo and is refused, unless it is a
 * bill's reference. Otherwise it is tried as a bill reference, which must name exactly one bill.
 */
export async function resolveTarget(tx: Queryable, inbound: InboundPayment): Promise<Target> {
  const entry = inbound.accountReference.trim();
  const looksLikeAccount = /^\d{10}$/.test(entry);
  if (looksLikeAccount && hasValidCheckDigit(entry)) {
    const account = await accountByNumber(tx, entry, inbound.merchantId);
    if (account) return { ok: true, account, billId: await billOfAccount(tx, account, inbound.billReference) };
  }

  const bills = await billsByReference(tx, entry, inbound.merchantId);
  if (bills.length > 1) return { ok: false, reason: 'AMBIGUOUS_REFERENCE' };
  const [bill] = bills;
  if (!bill) return { ok: false, reason: looksLikeAccount && !hasValidCheckDigit(entry) ? 'INVALID_CHECK_DIGIT' : 'UNKNOWN_ACCOUNT' };
  const account = bill.virtualAccountId
    ? (await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, bill.virtualAccountId)))[0]
    : await legacyAccountOf(tx, bill.merchantId);
  if (!account) return { ok: false, reason: 'UNKNOWN_ACCOUNT' };
  return { ok: true, account, billId: bill.id };
}

/** An invoice account belongs to its bill; any other account settles a bill only by reference. */
async function billOfAccount(tx: Queryable, account: AccountRow, billReference?: string | null): Promise<string | null> {
  if (account.purpose === 'INVOICE') return account.ownerId;
  const reference = billReference?.trim();
  if (!reference) return null;
  const [bill] = await billsByReference(tx, reference, account.merchantId, true);
  return bill?.id ?? null;
}
