import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '@/lib/auth/schema';

/**
 * A pain.001 file exported from the console (migration 0030), kept whole so that it can be
 * downloaded again; written in the transaction that marks its settlements PROCESSING.
 */
export const payoutFiles = pgTable(
  'payout_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    messageId: text('message_id').notNull(),
    xml: text('xml').notNull(),
    transferCount: integer('transfer_count').notNull(),
    totals: jsonb('totals').$type<Record<string, { count: number; amount: string }>>().notNull(),
    settlementIds: jsonb('settlement_ids').$type<string[]>().notNull(),
    exportedBy: uuid('exported_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [unique('payout_files_message_id_key').on(table.messageId), index('payout_files_created_idx').on(table.createdAt.desc(), table.id.desc())],
);

/** A pain.002 status report uploaded from the console, and what importing it did. */
export const payoutStatusReports = pgTable(
  'payout_status_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    originalMessageId: text('original_message_id'),
    fileName: text('file_name'),
    xml: text('xml').notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    importedBy: uuid('imported_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('payout_status_reports_message_idx').on(table.originalMessageId, table.createdAt.desc())],
);
