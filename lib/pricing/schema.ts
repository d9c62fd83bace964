import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '@/lib/merchants/schema';
import type { FeeScheduleText } from '@/lib/platform/fee-schedule';

/**
 * A merchant's own fee schedule, one row per version: a change is a new row, never an update, so
 * the rule any past payment was charged under can still be read (payments.fee_rule names the
 * version). The version in force at a payment's receivedAt is the one with the latest
 * effective_from not after it; an empty schedule ({}) returns the merchant to the default.
 */
export const merchantPricing = pgTable(
  'merchant_pricing',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Per currency, per channel: the rules that override the default schedule's (lib/platform/fee-schedule.ts). */
    schedule: jsonb('schedule').$type<FeeScheduleText>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true, precision: 3 }).notNull(),
    /** Who made the change (an operator's name from the CLI, later a console user) and why. */
    createdBy: text('created_by').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('merchant_pricing_merchant_effective_idx').on(table.merchantId, table.effectiveFrom.desc())],
);
export type MerchantPricingRow = typeof merchantPricing.$inferSelect;
