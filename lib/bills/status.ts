import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { expectedPayments, type BillStatus } from './schema';

/** Bills that still wait for money; past expiresAt they read EXPIRED before any job stores it. */
export const awaitingPayment = ['OPEN', 'PARTIALLY_PAID'] as const satisfies BillStatus[];

const { status, expiresAt } = expectedPayments;
const pastExpiry = lte(expiresAt, sql`now()`);

/** The status a caller sees: the stored one, except that a lapsed open bill reads EXPIRED. */
export const reportedStatus = sql<BillStatus>`case when ${status} in ('OPEN', 'PARTIALLY_PAID') and ${pastExpiry} then 'EXPIRED' else ${status} end`;

/** The rows whose reported status is the one asked for, written so that the status index applies. */
export function withReportedStatus(wanted: BillStatus): SQL {
  switch (wanted) {
    case 'OPEN':
    case 'PARTIALLY_PAID':
      return and(eq(status, wanted), gt(expiresAt, sql`now()`))!;
    case 'EXPIRED':
      return or(eq(status, 'EXPIRED'), and(inArray(status, awaitingPayment), pastExpiry))!;
    default:
      return eq(status, wanted);
  }
}

/** Bills still awaiting payment that expire by `moment` (and have not yet). */
export const dueBy = (moment: Date): SQL => and(inArray(status, awaitingPayment), gt(expiresAt, sql`now()`), lte(expiresAt, moment))!;
