import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { merchants, subMerchants } from '@/lib/merchants/schema';

/** Why an endpoint stopped: its merchant said so, it answered 410 Gone, or it failed for 5 days running. */
export const deactivationReasons = ['MERCHANT', 'GONE', 'FAILING'] as const;
export type DeactivationReason = (typeof deactivationReasons)[number];

/** PENDING until it succeeds, runs out of attempts (FAILED) or its endpoint is deactivated (CANCELLED). */
export const deliveryStatuses = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Where a merchant wants its events. An endpoint of a sub-merchant (made by a scoped user) gets
 * only that sub-merchant's events; a merchant-wide one gets all of them.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    url: text('url').notNull(),
    description: text('description').notNull(),
    /** whsec_ + base64 key; kept readable because every delivery is signed with it. */
    secret: text('secret').notNull(),
    /** After a rotation the old secret signs alongside the new one until previousSecretExpiresAt. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    /** null: every event type, including types added later. */
    eventTypes: text('event_types').array(),
    active: boolean('active').notNull().default(true),
    /** The first failed attempt since the last success; 5 days of that deactivates the endpoint. */
    failingSince: timestamptz('failing_since'),
    deactivatedAt: timestamptz('deactivated_at'),
    deactivationReason: text('deactivation_reason', { enum: deactivationReasons }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('webhook_endpoints_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    check('webhook_endpoints_deactivation_check', sql`${table.active} = (${table.deactivatedAt} is null)`),
  ],
);

/** One event for one endpoint: made in the transaction that records the event. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    /**
     * No foreign key since events are partitioned by month (migration 0034: a key would have to name
     * (id, created_at)); the delivery is written in its event's statement, and ledger:check reports
     * a delivery whose event is missing.
     */
    eventId: uuid('event_id').notNull(),
    /** The endpoint's owner, so that deliveries are scoped exactly as their endpoint is. */
    merchantId: uuid('merchant_id').notNull(),
    subMerchantId: uuid('sub_merchant_id'),
    status: text('status', { enum: deliveryStatuses }).notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** Attempts since the delivery was (re)started: the retry schedule counts these. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // No index covers a column an attempt updates, and pages keep room (fillfactor 70, set in the
  // migration: drizzle has no table storage options), so recording an attempt is a heap-only
  // (HOT) update that touches no index: the busiest write of deliveries stays cheap.
  (table) => [
    // merchant_id first (event and endpoint are one merchant's): enforceable when sharded by merchant (docs/scaling.md).
    unique('webhook_deliveries_event_endpoint_key').on(table.merchantId, table.eventId, table.endpointId),
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt.desc(), table.id.desc()),
  ],
);

/** ENDPOINT_RECOVERED: its endpoint answered 2xx again, so its waiting retries went at once (docs/webhooks.md). */
export const earlyReasons = ['ENDPOINT_RECOVERED'] as const;
export type EarlyReason = (typeof earlyReasons)[number];

/** Every HTTP attempt of a delivery, for the merchant's delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: timestamptz('attempted_at').notNull(),
    /** null when no HTTP answer came (refused address, timeout, connection error). */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** Why the attempt came before its scheduled time; null when it came on schedule. */
    scheduledBecause: text('scheduled_because', { enum: earlyReasons }),
  },
  (table) => [
    // Partitioned by month on attempted_at (migration 0034): the key must include it.
    primaryKey({ name: 'webhook_attempts_pkey', columns: [table.id, table.attemptedAt] }),
    index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt),
    check('webhook_attempts_scheduled_because_check', sql`${table.scheduledBecause} in ('ENDPOINT_RECOVERED')`),
  ],
);
