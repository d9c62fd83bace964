import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentRails } from '@/lib/payments/schema';

export const railNotificationKinds = ['C2B_CONFIRMATION', 'BANK_CREDIT', 'STK_CALLBACK', 'TRANSACTION_STATUS', 'PULL_TRANSACTION'] as const;
export type RailNotificationKind = (typeof railNotificationKinds)[number];

/**
 * Every rail notification and callback as received (migration 0030): the exact request body, kept
 * whatever became of it (recorded, a redelivery, suspense, a failed prompt), so that support can
 * show what the rail said. Read back with secrets redacted (lib/rails/notifications.ts).
 */
export const railNotifications = pgTable(
  'rail_notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    rail: text('rail', { enum: paymentRails }).notNull(),
    kind: text('kind', { enum: railNotificationKinds }).notNull(),
    providerReference: text('provider_reference'),
    checkoutRequestId: text('checkout_request_id'),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('rail_notifications_kind_check', sql`${table.kind} IN ('C2B_CONFIRMATION', 'BANK_CREDIT', 'STK_CALLBACK', 'TRANSACTION_STATUS', 'PULL_TRANSACTION')`),
    index('rail_notifications_reference_idx').on(table.rail, table.providerReference, table.receivedAt).where(sql`${table.providerReference} IS NOT NULL`),
    index('rail_notifications_checkout_idx').on(table.checkoutRequestId, table.receivedAt).where(sql`${table.checkoutRequestId} IS NOT NULL`),
  ],
);
