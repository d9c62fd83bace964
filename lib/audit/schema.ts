import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '@/lib/merchants/schema';

/** `operator`: the provider's staff, through the operator console (docs/operator.md). */
export const auditActorTypes = ['user', 'api_key', 'anonymous', 'system', 'operator'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

/**
 * Who did what, append-only: a trigger (migration 0018) refuses UPDATE, DELETE and TRUNCATE for
 * every database role. Written in the transaction of the change it records.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: auditActorTypes }).notNull(),
    actorId: uuid('actor_id'),
    /** The email of the user or the name of the key, as it was then. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    address: text('address'),
    requestId: text('request_id'),
  },
  (table) => [
    check('audit_events_actor_type_check', sql`${table.actorType} in ('user', 'api_key', 'anonymous', 'system', 'operator')`),
    index('audit_events_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('audit_events_merchant_action_idx').on(table.merchantId, table.action, table.createdAt.desc(), table.id.desc()),
    index('audit_events_merchant_actor_idx').on(table.merchantId, table.actorId, table.createdAt.desc(), table.id.desc()),
    index('audit_events_merchant_target_idx').on(table.merchantId, table.targetId, table.createdAt.desc(), table.id.desc()),
  ],
);
