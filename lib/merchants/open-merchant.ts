import { insertVirtualAccount } from '@/lib/accounts/provision';
import type { Queryable } from '@/lib/platform/db';
import { merchants } from './schema';

/**
 * A merchant and its LEGACY collection account, in the caller's transaction, with no user yet:
 * the CLI's createMerchant adds its administrator; the operator console invites one (lib/operator).
 */
export async function openMerchant(tx: Queryable, input: { name: string; currency?: string }) {
  const [merchant] = await tx.insert(merchants).values({ name: input.name, defaultCurrency: input.currency ?? 'KES' }).returning();
  const account = await insertVirtualAccount(tx, {
    merchantId: merchant!.id,
    ownerType: 'MERCHANT',
    ownerId: merchant!.id,
    purpose: 'LEGACY',
    accountName: merchant!.name,
    accountType: 'STATIC',
    currency: merchant!.defaultCurrency,
  });
  return { merchant: merchant!, virtualAccount: account };
}
