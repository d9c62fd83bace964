import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { expectedPayments } from '@/lib/bills/schema';
import { merchants, subMerchants } from '@/lib/merchants/schema';

export const messageChannels = ['SMS', 'EMAIL'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** RECEIPT after a payment; BILL_LINK when a merchant sends a bill to its customer; REMINDER before a bill expires. */
export const messageKinds = ['RECEIPT', 'BILL_LINK', 'REMINDER'] as const;
export type MessageKind = (typeof messageKinds)[number];

/**
 * QUEUED waits for its job; SENT was accepted by the provider; RETRYING failed and the job queue
 * tries again; FAILED will not be tried again unless someone asks (the portal's Retry); OUTBOX was
 * kept in the sandbox's outbox instead of being sent (no provider in sandbox).
 */
export const messageStatuses = ['QUEUED', 'SENT', 'RETRYING', 'FAILED', 'OUTBOX'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messageLanguages = ['en', 'sw'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

/** What a merchant sends its payers on its own; no row means nothing is sent (migration 0028). */
export const notificationSettings = pgTable('notification_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  receiptChannels: text('receipt_channels', { enum: messageChannels }).array().notNull().default(sql`'{}'`),
  language: text('language', { enum: messageLanguages }).notNull().default('en'),
  /** The name payers read in messages; the merchant's own name when null. */
  displayName: text('display_name'),
  reminderDaysBefore: integer('reminder_days_before'),
  reminderChannels: text('reminder_channels', { enum: messageChannels }).array().notNull().default(sql`'{}'`),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** Every message sent, queued, failed or kept in the sandbox outbox: who, when, which channel, what status. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    kind: text('kind', { enum: messageKinds }).notNull(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    /** A phone in the stored form (2547…) for SMS, an address for email. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    language: text('language', { enum: messageLanguages }).notNull(),
    /** SMS only: the parts the body takes (at most two: longer texts are shortened). */
    segments: integer('segments'),
    paymentId: uuid('payment_id'),
    expectedPaymentId: uuid('expected_payment_id'),
    customerId: uuid('customer_id'),
    /** One message per key and merchant: `receipt:<payment>:<channel>`, `reminder:<bill>:<channel>`. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: messageStatuses }).notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    providerCost: text('provider_cost'),
    /** The user who asked (a bill sent from the portal or the API); null when the service sent it on its own. */
    requestedBy: uuid('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('messages_merchant_dedupe_key').on(table.merchantId, table.dedupeKey).where(sql`${table.dedupeKey} IS NOT NULL`),
    index('messages_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('messages_bill_idx').on(table.expectedPaymentId).where(sql`${table.expectedPaymentId} IS NOT NULL`),
    check('messages_kind_check', sql`${table.kind} IN ('RECEIPT', 'BILL_LINK', 'REMINDER')`),
    check('messages_channel_check', sql`${table.channel} IN ('SMS', 'EMAIL')`),
    check('messages_status_check', sql`${table.status} IN ('QUEUED', 'SENT', 'RETRYING', 'FAILED', 'OUTBOX')`),
  ],
);

/** The one reminder of a bill: its row is taken before the reminder's messages are made. */
export const billReminders = pgTable('bill_reminders', {
  expectedPaymentId: uuid('expected_payment_id')
    .primaryKey()
    .references(() => expectedPayments.id),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
