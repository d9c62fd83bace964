import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { legacyAccountOf } from '@/lib/accounts/queries';
import { virtualAccounts } from '@/lib/accounts/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { expectedPayments } from '@/lib/bills/schema';
import { customers } from '@/lib/customers/schema';
import { subMerchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';

/**
 * Which rows a lookup may find: a signed-in user's (visibleTo), or, for a public payer link, the
 * merchant's that issued it. Every lookup below takes one, so no query is left unscoped.
 */
export type Visibility = (columns: { merchantId: AnyColumn; subMerchantId: AnyColumn }) => SQL;
export const seenBy = (principal: Principal): Visibility => (columns) => visibleTo(principal, columns);
export const ofMerchant = (merchantId: string): Visibility => (columns) => eq(columns.merchantId, merchantId);

type Account = typeof virtualAccounts.$inferSelect;
type Bill = typeof expectedPayments.$inferSelect;
type Customer = typeof customers.$inferSelect;

/** Where a payer should send money, and what it is for. */
export interface PaymentTarget {
  account: Account;
  /** What the payer quotes; null when the account number alone identifies the payment. */
  reference: string | null;
  bill: Bill | null;
  customer: Customer | null;
}

const missing = (detail: string) => new ApiError(404, 'not_found', 'Not found', detail);
const STATIC_PURPOSES = ['LEGACY', 'BRAND', 'SUBSCRIBER', 'CURRENCY'] as const;

export async function targetOfAccount(visible: Visibility, virtualAccountId: string): Promise<PaymentTarget> {
  const [account] = await db().select().from(virtualAccounts).where(and(eq(virtualAccounts.id, virtualAccountId), visible(virtualAccounts)));
  if (!account) throw notFound('The virtual account');
  // An invoice account's payer is still told the amount of its bill; a customer's, who it is for.
  const [bill] =
    account.purpose === 'INVOICE'
      ? await db().select().from(expectedPayments).where(and(eq(expectedPayments.virtualAccountId, account.id), visible(expectedPayments)))
      : [];
  const [customer] =
    account.purpose === 'CUSTOMER'
      ? await db().select().from(customers).where(and(eq(customers.id, account.ownerId), visible(customers)))
      : [];
  return { account, reference: null, bill: bill ?? null, customer: customer ?? null };
}

export async function targetOfBill(visible: Visibility, expectedPaymentId: string): Promise<PaymentTarget> {
  const [bill] = await db().select().from(expectedPayments).where(and(eq(expectedPayments.id, expectedPaymentId), visible(expectedPayments)));
  if (!bill) throw notFound('The expected payment');
  if (bill.virtualAccountId) {
    const [account] = await db()
      .select()
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.id, bill.virtualAccountId), eq(virtualAccounts.merchantId, bill.merchantId)));
    if (account) return { account, reference: null, bill, customer: null };
  }
  // No invoice account: the payer pays the merchant's main account and quotes the bill's reference.
  const account = await legacyAccountOf(db(), bill.merchantId);
  if (!account) throw missing('The merchant has no LEGACY account to collect this bill into.');
  return { account, reference: bill.paymentReference, bill, customer: null };
}

export async function targetOfCustomer(visible: Visibility, customerId: string): Promise<PaymentTarget> {
  const [customer] = await db().select().from(customers).where(and(eq(customers.id, customerId), visible(customers)));
  if (!customer) throw notFound('The customer');
  const [account] = await db()
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.ownerType, 'CUSTOMER'),
        eq(virtualAccounts.ownerId, customer.id),
        eq(virtualAccounts.purpose, 'CUSTOMER'),
        eq(virtualAccounts.merchantId, customer.merchantId),
      ),
    );
  if (!account) {
    throw missing(
      `The customer has no virtual account yet; provision it first with POST /merchants/me/customers/${customer.id}/virtual-account.`,
    );
  }
  return { account, reference: null, bill: null, customer };
}

/** A sub-merchant's collection account: its BRAND account, else its oldest active static one. */
export async function targetOfSubMerchant(visible: Visibility, subMerchantId: string): Promise<PaymentTarget> {
  const [subMerchant] = await db()
    .select({ id: subMerchants.id })
    .from(subMerchants)
    .where(and(eq(subMerchants.id, subMerchantId), visible({ merchantId: subMerchants.merchantId, subMerchantId: subMerchants.id })));
  if (!subMerchant) throw notFound('The sub-merchant');
  const [account] = await db()
    .select()
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.subMerchantId, subMerchant.id),
        visible(virtualAccounts),
        eq(virtualAccounts.status, 'ACTIVE'),
        inArray(virtualAccounts.purpose, STATIC_PURPOSES),
      ),
    )
    .orderBy(sql`${virtualAccounts.purpose} = 'BRAND' desc`, asc(virtualAccounts.createdAt), asc(virtualAccounts.id))
    .limit(1);
  if (!account) {
    throw missing('The sub-merchant has no active collection account yet; provision one with POST /merchants/me/virtual-accounts.');
  }
  return { account, reference: null, bill: null, customer: null };
}

/** No target named: the LEGACY account, or for a scoped user its sub-merchant's account. */
export async function defaultTarget(principal: Principal): Promise<PaymentTarget> {
  if (principal.subMerchantId) return targetOfSubMerchant(seenBy(principal), principal.subMerchantId);
  const account = await legacyAccountOf(db(), principal.merchantId);
  if (!account) throw notFound('The LEGACY virtual account');
  return { account, reference: null, bill: null, customer: null };
}
