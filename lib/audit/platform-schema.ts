import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '@/lib/auth/schema';

/**
 * What an operator (the provider's staff) read or changed: `read` a merchant's data, `change`
 * anything, `account` their own sign-in and two factors. Append-only like audit_events (a trigger
 * refuses UPDATE, DELETE and TRUNCATE, migration 0026). The merchants whose data it touched are in
 * merchant_ids (a search can touch several); each of them also gets a row in its own audit_events.
 */
export const platformAuditKinds = ['read', 'change', 'account'] as const;
export type PlatformAuditKind = (typeof platformAuditKinds)[number];

export const platformAuditEvents = pgTable(
  'platform_audit_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    operatorId: uuid('operator_id').references(() => users.id),
    /** "Jane Wanjiru <jane@collect.example>" as it was then. */
    operatorLabel: text('operator_label').notNull(),
    kind: text('kind', { enum: platformAuditKinds }).notNull(),
    action: text('action').notNull(),
    merchantIds: uuid('merchant_ids').array().notNull().default(sql`'{}'`),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    address: text('address'),
    requestId: text('request_id'),
  },
  (table) => [
    check('platform_audit_events_kind_check', sql`${table.kind} in ('read', 'change', 'account')`),
    index('platform_audit_events_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('platform_audit_events_operator_idx').on(table.operatorId, table.createdAt.desc(), table.id.desc()),
    index('platform_audit_events_merchants_idx').using('gin', table.merchantIds),
  ],
);
export type PlatformAuditEventRow = typeof platformAuditEvents.$inferSelect;
