import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterCursor } from '@/lib/api/pagination';
import { notFound } from '@/lib/api/errors';
import { db, type Queryable } from '@/lib/platform/db';
import { operatorApprovals, type ApprovalKind, type ApprovalStatus, type OperatorApprovalRow } from '../schema';

/** Newest first, one keyset page (+1). */
export function listApprovals(filters: { status?: ApprovalStatus; kind?: ApprovalKind; limit: number; cursor?: string }) {
  return db()
    .select()
    .from(operatorApprovals)
    .where(
      and(
        filters.status ? eq(operatorApprovals.status, filters.status) : undefined,
        filters.kind ? eq(operatorApprovals.kind, filters.kind) : undefined,
        afterCursor(filters.cursor, operatorApprovals.requestedAt, operatorApprovals.id),
      ),
    )
    .orderBy(sql`${operatorApprovals.requestedAt} desc`, sql`${operatorApprovals.id} desc`)
    .limit(filters.limit + 1)
    .then((rows) => rows.map((row) => ({ ...row, createdAt: row.requestedAt })));
}

export const pendingApprovalsOf = (merchantId: string): Promise<OperatorApprovalRow[]> =>
  db()
    .select()
    .from(operatorApprovals)
    .where(and(eq(operatorApprovals.merchantId, merchantId), eq(operatorApprovals.status, 'PENDING')))
    .orderBy(asc(operatorApprovals.currency));

export const pendingCollectionAccountChanges = (): Promise<OperatorApprovalRow[]> =>
  db()
    .select()
    .from(operatorApprovals)
    .where(and(eq(operatorApprovals.kind, 'COLLECTION_ACCOUNT'), eq(operatorApprovals.status, 'PENDING')))
    .orderBy(desc(operatorApprovals.requestedAt));

/** Locked for the decision, so that two admins deciding at once decide once. */
export async function lockApproval(tx: Queryable, id: string): Promise<OperatorApprovalRow> {
  const [row] = await tx.select().from(operatorApprovals).where(eq(operatorApprovals.id, id)).for('update');
  if (!row) throw notFound('The change');
  return row;
}
