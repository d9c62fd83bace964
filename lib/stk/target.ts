import { and, eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { notFound } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { expectedPayments } from '@/lib/bills/schema';
import { seenBy, targetOfBill, targetOfCustomer } from '@/lib/payment-options/targets';
import type { AccountRow } from '@/lib/payments/resolve';
import { db } from '@/lib/platform/db';
import type { StkInitiateInput } from './schemas';

/** What a prompt pays: the account the money lands in, and the bill or customer it is for. */
export interface StkTarget {
  account: AccountRow;
  expectedPaymentId: string | null;
  billReference: string | null;
  customerId: string | null;
  /** Whose prompt it is: the bill's, customer's or account's sub-merchant. */
  subMerchantId: string | null;
  /** What the payer would pay in: the bill's currency, else the account's. */
  currency: string;
}

async function targetOfAccountNumber(principal: Principal, accountNumber: string): Promise<StkTarget> {
  const [account] = await db()
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.accountNumber, accountNumber), visibleTo(principal, virtualAccounts)));
  if (!account) throw notFound('The virtual account');
  // An invoice account pays its bill; a customer account, its customer.
  const [bill] =
    account.purpose === 'INVOICE'
      ? await db().select().from(expectedPayments).where(and(eq(expectedPayments.id, account.ownerId), eq(expectedPayments.merchantId, account.merchantId)))
      : [];
  return {
    account,
    expectedPaymentId: bill?.id ?? null,
    billReference: bill?.paymentReference ?? null,
    customerId: account.purpose === 'CUSTOMER' ? account.ownerId : (bill?.customerId ?? null),
    subMerchantId: account.subMerchantId,
    currency: bill?.currency ?? account.currency,
  };
}

/** Exactly one of the three is given (the request schema checks it); each is looked up as the caller sees it. */
export async function stkTarget(principal: Principal, input: StkInitiateInput): Promise<StkTarget> {
  if (input.expectedPaymentId) {
    const { account, bill } = await targetOfBill(seenBy(principal), input.expectedPaymentId);
    return {
      account,
      expectedPaymentId: bill!.id,
      billReference: bill!.paymentReference,
      customerId: bill!.customerId,
      subMerchantId: bill!.subMerchantId,
      currency: bill!.currency,
    };
  }
  if (input.customerId) {
    const { account, customer } = await targetOfCustomer(seenBy(principal), input.customerId);
    return { account, expectedPaymentId: null, billReference: null, customerId: customer!.id, subMerchantId: customer!.subMerchantId, currency: account.currency };
  }
  return targetOfAccountNumber(principal, input.accountNumber!);
}
