import { and, eq } from 'drizzle-orm';
import type { z } from '@hono/zod-openapi';
import { ApiError } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { moneyJson, timestampJson } from '@/lib/api/serialize';
import type { Principal } from '@/lib/auth/principal';
import { balanceEntries } from '@/lib/ledger/schema';
import { readDb } from '@/lib/platform/db/read-pool';
import { findVisibleAccount, legacyAccountFor, type Page } from './queries';
import type { BalanceEntry } from './schemas';

/** Ledger entries of one visible account (the LEGACY one when none is named), newest first; of one payment when it is named. */
export async function balanceHistory(principal: Principal, virtualAccountId: string | undefined, page: Page, paymentId?: string) {
  if (!virtualAccountId && principal.subMerchantId) {
    throw new ApiError(
      404,
      'not_found',
      'Not found',
      'This user is scoped to a sub-merchant, which has no LEGACY account; name one of its accounts with ?virtualAccountId=.',
    );
  }
  const account = virtualAccountId ? await findVisibleAccount(principal, virtualAccountId) : await legacyAccountFor(principal);
  return readDb()
    .select()
    .from(balanceEntries)
    .where(
      and(
        eq(balanceEntries.virtualAccountId, account.id),
        eq(balanceEntries.merchantId, principal.merchantId),
        paymentId ? eq(balanceEntries.paymentId, paymentId) : undefined,
        afterCursor(page.cursor, balanceEntries.createdAt, balanceEntries.id),
      ),
    )
    .orderBy(...newestFirst(balanceEntries.createdAt, balanceEntries.id))
    .limit(page.limit + 1);
}

export const toBalanceEntryJson = (row: typeof balanceEntries.$inferSelect): z.infer<typeof BalanceEntry> => ({
  id: row.id,
  virtualAccountId: row.virtualAccountId,
  type: row.type,
  amount: moneyJson(row.amount),
  balanceAfter: moneyJson(row.balanceAfter),
  paymentId: row.paymentId,
  settlementId: row.settlementId,
  description: row.description,
  createdAt: timestampJson(row.createdAt),
});
