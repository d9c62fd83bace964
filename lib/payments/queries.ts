import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { notFound } from '@/lib/api/errors';
import { visibleTo, type TenantScope } from '@/lib/api/scope';
import { executePrepared, namedColumns, renderedOnce } from '@/lib/platform/db/prepared';
import { readDb } from '@/lib/platform/db/read-pool';
import { paymentsMatching } from './filters';
import { payments } from './schema';
import type { PaymentListFilters } from './schemas';
import type { PaymentRow } from './serialize';
import { paymentWithId } from './by-id';

/**
 * The payment's columns named as PaymentRow names them, rendered once, read as prepared statements
 * (as bills are): with 10M payments a page of 50 through drizzle's query builder spent more time
 * mapping its cells and planning the query anew than PostgreSQL spent finding the rows.
 */
const paymentColumns = renderedOnce(sql.join(namedColumns(getTableColumns(payments)), sql`, `));

const selectPayments = (where: SQL | undefined, tail: SQL = sql``, from: SQL = sql`${payments}`) =>
  executePrepared<PaymentRow>(readDb(), sql`select ${paymentColumns} from ${from} where ${where ?? sql`true`} ${tail}`);

/** One page (plus one row, to know whether another page follows), newest first. */
export function listPayments(principal: TenantScope, filters: PaymentListFilters) {
  const { from, where } = paymentsMatching(principal, filters);
  return selectPayments(
    and(where, afterCursor(filters.cursor, payments.createdAt, payments.id)),
    sql`order by ${sql.join(newestFirst(payments.createdAt, payments.id), sql`, `)} limit ${filters.limit + 1}`,
    from,
  );
}

export async function getPayment(principal: TenantScope, paymentId: string) {
  const [payment] = await selectPayments(and(paymentWithId(paymentId), visibleTo(principal, payments)));
  if (!payment) throw notFound('The payment');
  return payment;
}
