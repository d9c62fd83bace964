import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { expectedPayments, type BillStatus } from './schema';

/** Bills that still wait for money; past expiresAt they read EXPIRED before any job stores it. */
export const awaitingPayment = ['OPEN', 'PARTIALLY_PAID'] as const satisfies BillStatus[];

const { status, expiresAt } = expectedPayments;
const pastExpiry = lte(expiresAt, sql`now()`);

/** The status a caller sees: the stored one, except that a lapsed open bill reads EXPIRED. */
export const reportedStatus = sql<BillStatus>`case when ${status} in ('OPEN', 'PARTIALLY_PAID') and ${pastExpiry} then 'EXPIRED' else ${status} end`;

/** Bills that read EXPIRED before the expiry job has stored it (at most about a minute's worth). */
export const lapsedAwaitingPayment = and(inArray(status, awaitingPayment), pastExpiry)!;

/**
 * The rows whose reported status is the one asked for, written so that the status index applies.
 * EXPIRED is two sets, stored and lapsed-not-yet-stored: listBills reads them as two ordered scans
 * and merges them, because one OR of both cannot be read from an index in list order.
 */
export function withReportedStatus(wanted: Exclude<BillStatus, 'EXPIRED'>): SQL {
  return wanted === 'OPEN' || wanted === 'PARTIALLY_PAID' ? and(eq(status, wanted), gt(expiresAt, sql`now()`))! : eq(status, wanted);
}
