import { and, eq } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { virtualAccounts } from '@/lib/accounts/schema';
import type { Principal } from '@/lib/auth/principal';
import { merchants } from '@/lib/merchants/schema';
import { db } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { getCustomer } from './queries';
import { recordAudit } from '@/lib/audit/record';

const customerAccountOf = async (customerId: string) => {
  const [account] = await db()
    .select()
    .from(virtualAccounts)
    .where(and(eq(virtualAccounts.ownerType, 'CUSTOMER'), eq(virtualAccounts.ownerId, customerId), eq(virtualAccounts.purpose, 'CUSTOMER')));
  return account;
};

/**
 * The customer's own account, made the first time it is asked for. Two simultaneous first calls
 * both try to insert; the unique index lets one win and the other reads the winner's account.
 */
export async function provisionCustomerAccount(principal: Principal, customerId: string) {
  const customer = await getCustomer(principal, customerId);
  const existing = await customerAccountOf(customer.id);
  if (existing) return { account: existing, created: false };

  const [merchant] = await db().select().from(merchants).where(eq(merchants.id, customer.merchantId));
  try {
    const account = await db().transaction(async (tx) => {
      const created = await insertVirtualAccount(tx, {
        merchantId: customer.merchantId,
        subMerchantId: customer.subMerchantId,
        ownerType: 'CUSTOMER',
        ownerId: customer.id,
        purpose: 'CUSTOMER',
        accountType: 'STATIC',
        accountName: customer.displayName,
        currency: merchant!.defaultCurrency,
      });
      await recordAudit(tx, {
        merchantId: customer.merchantId,
        action: 'virtual_account.created',
        target: { type: 'virtual_account', id: created.id },
        summary: `Account ${created.accountNumber} opened for customer ${customer.externalRef}.`,
      });
      return created;
    });
    return { account, created: true };
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'virtual_accounts_single_owner_key') throw error;
    return { account: (await customerAccountOf(customer.id))!, created: false };
  }
}
