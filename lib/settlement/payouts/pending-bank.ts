import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/lib/platform/db';
import { settlements } from '../schema';

/**
 * The bank settlements the next pain.001 export would take (PENDING, rail BANK), across merchants,
 * for the operator console: per currency their count and exact sum, and the oldest few to show.
 */
export async function pendingBankSettlements(shown = 50) {
  const waiting = and(eq(settlements.rail, 'BANK'), eq(settlements.status, 'PENDING'));
  const [totals, oldest] = await Promise.all([
    db()
      .select({ currency: settlements.currency, count: sql<number>`count(*)::int`, amount: sql<string>`sum(${settlements.amount})::text` })
      .from(settlements)
      .where(waiting)
      .groupBy(settlements.currency)
      .orderBy(settlements.currency),
    db()
      .select({ id: settlements.id, merchantId: settlements.merchantId, currency: settlements.currency, amount: settlements.amount, destination: settlements.destination, createdAt: settlements.createdAt })
      .from(settlements)
      .where(waiting)
      .orderBy(asc(settlements.createdAt), asc(settlements.id))
      .limit(shown),
  ]);
  return { totals, oldest };
}

/** Whose these settlements are (the operator console records a change in each merchant's audit log). */
export async function merchantsOfSettlements(tx: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.selectDistinct({ merchantId: settlements.merchantId }).from(settlements).where(inArray(settlements.id, ids));
  return rows.map((row) => row.merchantId);
}
