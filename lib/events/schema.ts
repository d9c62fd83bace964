import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const eventTypes = [
  'payment.received',
  'payment.reversed',
  'expected_payment.paid',
  'expected_payment.partially_paid',
  'expected_payment.expired',
  'expected_payment.cancelled',
  'expected_payment.reopened',
  'virtual_account.created',
  'customer.created',
  'stk.completed',
  'stk.failed',
  'settlement.created',
  'settlement.paid',
  'settlement.failed',
  'settlement.returned',
] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * What happened, written in the same transaction as the change it describes (an outbox), so an
 * event is never lost nor sent for a change that rolled back.
 *
 * No foreign keys to merchants or accounts on this append-only, high-volume table (nor on payments
 * and balance_entries): merchants and accounts are never deleted, every writer takes the ids from
 * rows it has just read, and `ledger:check` verifies each row's account and merchant. Each key
 * ran a query per inserted row, a seventh of a payment batch's database time (docs/payments.md).
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    merchantId: uuid('merchant_id').notNull(),
    subMerchantId: uuid('sub_merchant_id'),
    type: text('type', { enum: eventTypes }).notNull(),
    /** The resource as the API returns it at the moment of the event. */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Partitioned by month on created_at (migration 0034): the key must include it.
    primaryKey({ name: 'events_pkey', columns: [table.id, table.createdAt] }),
    index('events_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
  ],
);
