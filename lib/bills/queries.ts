import { and, eq, getTableColumns, ilike } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { likeLiteral } from '@/lib/platform/db/errors';
import { db, type Queryable } from '@/lib/platform/db';
import { expectedPayments } from './schema';
import type { ExpectedPaymentFilters } from './schemas';
import { reportedStatus, withReportedStatus } from './status';

/** A bill as callers see it: its reported status and its invoice account's number. */
const billView = {
  ...getTableColumns(expectedPayments),
  status: reportedStatus,
  virtualAccountNumber: virtualAccounts.accountNumber,
};

const selectBills = (tx: Queryable) =>
  tx
    .select(billView)
    .from(expectedPayments)
    .leftJoin(virtualAccounts, eq(virtualAccounts.id, expectedPayments.virtualAccountId));

export type BillView = NonNullable<Awaited<ReturnType<typeof findBill>>>;

export async function findBill(tx: Queryable, principal: Principal, billId: string) {
  const [bill] = await selectBills(tx).where(and(eq(expectedPayments.id, billId), visibleTo(principal, expectedPayments)));
  return bill;
}

export async function getBill(principal: Principal, billId: string, tx: Queryable = db()) {
  const bill = await findBill(tx, principal, billId);
  if (!bill) throw notFound('The expected payment');
  return bill;
}

export async function listBills(principal: Principal, filters: ExpectedPaymentFilters) {
  return selectBills(db())
    .where(
      and(
        visibleTo(principal, expectedPayments),
        filters.status ? withReportedStatus(filters.status) : undefined,
        filters.customerId ? eq(expectedPayments.customerId, filters.customerId) : undefined,
        filters.q ? ilike(expectedPayments.paymentReference, `%${likeLiteral(filters.q)}%`) : undefined,
        afterCursor(filters.cursor, expectedPayments.createdAt, expectedPayments.id),
      ),
    )
    .orderBy(...newestFirst(expectedPayments.createdAt, expectedPayments.id))
    .limit(filters.limit + 1);
}
