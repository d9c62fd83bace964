import { and, eq } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { conflict, notFound, unprocessable } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/principal';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { findCustomer, usableSubMerchant } from '@/lib/customers/queries';
import { merchants } from '@/lib/merchants/schema';
import { amountProblem, decimalText, formatMoney } from '@/lib/money/decimal';
import { db, type Queryable } from '@/lib/platform/db';
import { ensurePayableCurrency } from './currency';
import type { BillView } from './queries';
import { referenceKey } from './reference';
import { expectedPayments } from './schema';
import type { CreateExpectedPaymentInput } from './schemas';
import { recordAudit } from '@/lib/audit/record';

/** A customer's bill is its sub-merchant's; naming another sub-merchant for it is a mistake. */
async function billedParties(tx: Queryable, principal: Principal, input: CreateExpectedPaymentInput) {
  let requestedSubMerchant = input.subMerchantId;
  const customer = input.customerId ? await findCustomer(tx, principal, input.customerId) : undefined;
  if (input.customerId && !customer) throw notFound('The customer');
  if (customer?.subMerchantId) {
    if (requestedSubMerchant && requestedSubMerchant !== customer.subMerchantId) {
      throw unprocessable('The customer belongs to another sub-merchant.', [
        { path: 'subMerchantId', message: "Leave it out or use the customer's sub-merchant." },
      ]);
    }
    requestedSubMerchant = customer.subMerchantId;
  }
  const subMerchant = await usableSubMerchant(tx, principal, requestedSubMerchant);
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, principal.merchantId));
  return { customer, subMerchant, merchant: merchant! };
}

async function insertBill(principal: Principal, input: CreateExpectedPaymentInput): Promise<BillView> {
  return db().transaction(async (tx) => {
    const { customer, subMerchant, merchant } = await billedParties(tx, principal, input);
    const currency = input.currency ?? merchant.defaultCurrency;
    await ensurePayableCurrency(tx, principal.merchantId, currency, input.provisionInvoiceVa);
    const amount = decimalText(input.amount)!;
    const problem = amountProblem(amount, currency);
    if (problem) throw unprocessable('Some fields are missing or not valid.', [{ path: 'amount', message: problem }]);

    const [bill] = await tx
      .insert(expectedPayments)
      .values({
        merchantId: principal.merchantId,
        subMerchantId: subMerchant?.id ?? null,
        customerId: customer?.id ?? null,
        paymentReference: input.paymentReference,
        description: input.description ?? null,
        amount,
        currency,
        expiresAt: new Date(input.expiresAt),
      })
      .returning();
    await recordAudit(tx, { merchantId: bill!.merchantId, action: 'bill.created', target: { type: 'bill', id: bill!.id }, summary: `Bill ${bill!.paymentReference} for ${formatMoney(amount, currency)} created.` });
    const customerName = customer?.displayName ?? null;
    if (!input.provisionInvoiceVa) return { ...bill!, virtualAccountNumber: null, customerName };

    // The invoice account lives and dies with its bill: same transaction, expiring with it.
    const account = await insertVirtualAccount(tx, {
      merchantId: principal.merchantId,
      subMerchantId: bill!.subMerchantId,
      ownerType: 'EXPECTED_PAYMENT',
      ownerId: bill!.id,
      purpose: 'INVOICE',
      accountType: 'ONE_TIME',
      accountName: `${subMerchant?.name ?? merchant.name} – ${bill!.paymentReference}`,
      currency,
      expireAt: bill!.expiresAt,
      singleDepositLimit: null,
    });
    await tx.update(expectedPayments).set({ virtualAccountId: account.id }).where(eq(expectedPayments.id, bill!.id));
    return { ...bill!, virtualAccountId: account.id, virtualAccountNumber: account.accountNumber, customerName };
  });
}

export async function createBill(principal: Principal, input: CreateExpectedPaymentInput): Promise<BillView> {
  try {
    return await insertBill(principal, input);
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'expected_payments_merchant_reference_key') throw error;
    const [existing] = await db()
      .select({ id: expectedPayments.id, paymentReference: expectedPayments.paymentReference })
      .from(expectedPayments)
      .where(and(eq(expectedPayments.merchantId, principal.merchantId), eq(expectedPayments.referenceKey, referenceKey(input.paymentReference))));
    const same = existing?.paymentReference ?? input.paymentReference;
    const spelled = same === input.paymentReference ? '' : ` as "${same}" (references are compared ignoring letter case)`;
    throw conflict(`An expected payment with the paymentReference "${input.paymentReference}" already exists${spelled}.`, {
      existingId: existing?.id,
    });
  }
}
