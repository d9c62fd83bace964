import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { timestampJson } from '@/lib/api/serialize';
import { db } from '@/lib/platform/db';
import { payoutFiles, payoutStatusReports } from './schema';

export type PayoutFileRow = typeof payoutFiles.$inferSelect;
export type StatusReportRow = typeof payoutStatusReports.$inferSelect;

/** One page (plus one row) of exported files, newest first. */
export function listPayoutFiles(filters: { limit: number; cursor?: string }): Promise<PayoutFileRow[]> {
  return db()
    .select()
    .from(payoutFiles)
    .where(and(afterCursor(filters.cursor, payoutFiles.createdAt, payoutFiles.id)))
    .orderBy(...newestFirst(payoutFiles.createdAt, payoutFiles.id))
    .limit(filters.limit + 1);
}

export async function payoutFileById(id: string): Promise<PayoutFileRow | undefined> {
  const [row] = await db().select().from(payoutFiles).where(eq(payoutFiles.id, id));
  return row;
}

/** The status reports that answered these files (by the MsgId they quote), newest first. */
export function reportsOfFiles(messageIds: string[]): Promise<StatusReportRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db().select().from(payoutStatusReports).where(inArray(payoutStatusReports.originalMessageId, messageIds)).orderBy(desc(payoutStatusReports.createdAt));
}

const countOf = (outcome: Record<string, unknown>, key: string) => (Array.isArray(outcome[key]) ? (outcome[key] as unknown[]).length : 0);

export const toPayoutBatchJson = (file: PayoutFileRow, reports: StatusReportRow[]) => ({
  id: file.id,
  messageId: file.messageId,
  transferCount: file.transferCount,
  totals: file.totals,
  exportedBy: file.exportedBy,
  createdAt: timestampJson(file.createdAt),
  statusReports: reports
    .filter((report) => report.originalMessageId === file.messageId)
    .map((report) => ({
      id: report.id,
      fileName: report.fileName,
      createdAt: timestampJson(report.createdAt),
      paid: countOf(report.outcome, 'paid'),
      failed: countOf(report.outcome, 'failed'),
      pending: countOf(report.outcome, 'pending'),
    })),
});
