import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import type { PulledTransaction } from './pulled';
import { sandboxMpesaTransactions } from './schema';

/** Rows per page of the simulated Pull Transactions, as Daraja pages its own. */
export const SANDBOX_PAGE_SIZE = 100;

export interface SandboxTransaction {
  transactionId: string;
  merchantId: string;
  amount: string;
  billReference: string;
  msisdn: string;
  sender: string;
  trxDate: Date;
  callback: 'DELIVERED' | 'DROPPED';
}

/**
 * The simulated provider writes down every M-Pesa payment it takes, before any callback: so a
 * dropped one is still in its list for recovery. A repeated receipt keeps the first entry.
 */
export async function keepSandboxTransaction(transaction: SandboxTransaction): Promise<void> {
  await db()
    .insert(sandboxMpesaTransactions)
    .values({
      ...transaction,
      shortCode: config().PAYBILL_NUMBER,
      transactionType: 'c2b-pay-bill-debit',
      organizationName: config().PAYBILL_NAME,
    })
    .onConflictDoNothing();
}

/** An entry as Daraja lists it (trxDate "2020-08-05T10:13:00Z"), plus whose sandbox it is. */
const asPulled = (row: typeof sandboxMpesaTransactions.$inferSelect): PulledTransaction => ({
  transactionId: row.transactionId,
  trxDate: row.trxDate.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  msisdn: row.msisdn,
  sender: row.sender,
  transactiontype: row.transactionType,
  billreference: row.billReference,
  amount: row.amount,
  organizationname: row.organizationName,
  scope: { merchantId: row.merchantId },
});

/** One page of the simulator's list, shaped as Daraja's Pull Transactions entries. */
export async function sandboxPage(window: { start: Date; end: Date }, offset: number): Promise<PulledTransaction[]> {
  const rows = await db()
    .select()
    .from(sandboxMpesaTransactions)
    .where(
      and(
        eq(sandboxMpesaTransactions.shortCode, config().PAYBILL_NUMBER),
        gte(sandboxMpesaTransactions.trxDate, window.start),
        lte(sandboxMpesaTransactions.trxDate, window.end),
      ),
    )
    .orderBy(asc(sandboxMpesaTransactions.trxDate), asc(sandboxMpesaTransactions.transactionId))
    .limit(SANDBOX_PAGE_SIZE)
    .offset(offset);
  return rows.map(asPulled);
}

export async function sandboxTransaction(transactionId: string): Promise<PulledTransaction | undefined> {
  const [row] = await db().select().from(sandboxMpesaTransactions).where(eq(sandboxMpesaTransactions.transactionId, transactionId));
  return row && asPulled(row);
}
