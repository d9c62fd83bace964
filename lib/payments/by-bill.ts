import { and, eq, sql, type SQL } from 'drizzle-orm';
import { payments } from './schema';

/**
 * The payments of a bill, bounded below by the oldest time one of them can have: the bill's
 * created_at (a payment names a bill that exists when it is recorded), or its payments_since when a
 * payment older than the bill was moved onto it (lib/suspense/attention.ts), less a day for the
 * service's clock against the database's (a payment's created_at is the service's, a bill's the
 * database's). payments is partitioned by month on created_at (migration 0034): the bound lets
 * PostgreSQL skip the months before the bill at run time instead of probing every month's index.
 * No bill of that id: no bound (-infinity), and no payment names it anyway.
 */
export function paymentsOfBill(expectedPaymentId: string): SQL {
  return and(
    eq(payments.expectedPaymentId, expectedPaymentId),
    sql`${payments.createdAt} >= coalesce((select coalesce(b.payments_since, b.created_at) - interval '1 day' from expected_payments b where b.id = ${expectedPaymentId}), '-infinity')`,
  )!;
}
