import { and, count, eq, ne } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { users } from '@/lib/auth/schema';
import { merchants } from '@/lib/merchants/schema';
import type { Queryable } from '@/lib/platform/db';

/** Team changes of one merchant run one at a time, so "at least one active admin" holds under races. */
export async function lockMerchantTeam(tx: Queryable, merchantId: string): Promise<void> {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
}

/** Refuses a change that would leave the merchant without an active administrator other than `userId`. */
export async function assertAnotherActiveAdmin(tx: Queryable, merchantId: string, userId: string): Promise<void> {
  const [{ others }] = (await tx
    .select({ others: count() })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.role, 'MERCHANT_ADMIN'), eq(users.active, true), ne(users.id, userId)))) as [{ others: number }];
  if (others === 0) {
    throw new ApiError(409, 'last_admin', 'Conflict', 'A merchant always keeps at least one active administrator: make another user an administrator first.');
  }
}
