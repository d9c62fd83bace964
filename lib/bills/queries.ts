import { and, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { customers } from '@/lib/customers/schema';
import { notFound } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { likeLiteral } from '@/lib/platform/db/errors';
import { db, type Queryable } from '@/lib/platform/db';
import { executePrepared, namedColumns, renderedOnce } from '@/lib/platform/db/prepared';
import { readDb } from '@/lib/platform/db/read-pool';
import { expectedPayments } from './schema';
import type { ExpectedPaymentFilters } from './schemas';
import { dueBy, reportedStatus, withReportedStatus } from './status';

const { status: _storedStatus, ...storedColumns } = getTableColumns(expectedPayments);

/**
 * A bill as callers see it: its columns, its reported status and its invoice account's number,
 * named as the row type names them. Read as prepared statements with this select list rendered
 * once (measured, a page of 50 of 50,000 bills: 1.7 ms against 2.3 ms through drizzle's query
 * builder, which had PostgreSQL plan the query anew and mapped every cell).
 */
const billView = renderedOnce(
  sql`select ${sql.join(
    [
      ...namedColumns(storedColumns),
      sql`${reportedStatus} as "status"`,
      sql`${virtualAccounts.accountNumber} as "virtualAccountNumber"`,
      sql`${customers.displayName} as "customerName"`,
    ],
    sql`, `,
  )}
  from ${expectedPayments} left join ${virtualAccounts} on ${virtualAccounts.id} = ${expectedPayments.virtualAccountId}
  left join ${customers} on ${customers.id} = ${expectedPayments.customerId}`,
);

export type BillView = typeof expectedPayments.$inferSelect & {
  virtualAccountNumber: string | null;
  /** Read by the bills API's own reads; events built from an updated row leave it out (serialize.ts). */
  customerName?: string | null;
};

const selectBills = (tx: Queryable, where: SQL | undefined, tail: SQL = sql``) =>
  executePrepared<BillView>(
    tx,
    sql`${billView} where ${where ?? sql`true`} ${tail}`,
  );

export async function findBill(tx: Queryable, principal: TenantScope, billId: string): Promise<BillView | undefined> {
  const [bill] = await selectBills(tx, and(eq(expectedPayments.id, billId), visibleTo(principal, expectedPayments)));
  return bill;
}

export async function getBill(principal: TenantScope, billId: string, tx: Queryable = db()) {
  const bill = await findBill(tx, principal, billId);
  if (!bill) throw notFound('The expected payment');
  return bill;
}

export async function listBills(principal: Principal, filters: ExpectedPaymentFilters): Promise<BillView[]> {
  return selectBills(
    readDb(),
    and(
      visibleTo(principal, expectedPayments),
      filters.status ? withReportedStatus(filters.status) : undefined,
      filters.customerId ? eq(expectedPayments.customerId, filters.customerId) : undefined,
      filters.q ? ilike(expectedPayments.paymentReference, `%${likeLiteral(filters.q)}%`) : undefined,
      filters.dueBefore ? dueBy(new Date(filters.dueBefore)) : undefined,
      afterCursor(filters.cursor, expectedPayments.createdAt, expectedPayments.id),
    ),
    sql`order by ${sql.join(newestFirst(expectedPayments.createdAt, expectedPayments.id), sql`, `)} limit ${filters.limit + 1}`,
  );
}
