import { sql } from 'drizzle-orm';
import { char, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const merchantStatuses = ['ACTIVE', 'DISABLED'] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  defaultCurrency: char('default_currency', { length: 3 }).notNull().default('KES'),
  /** ISO 18245 code for tag 52 of the merchant's KE-QR codes; "0000" until set (docs/payers.md). */
  merchantCategoryCode: text('merchant_category_code').notNull().default('0000'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  /** DISABLED by an operator (migration 0026): no sign-in, no new money; nothing is deleted. */
  status: text('status', { enum: merchantStatuses }).notNull().default('ACTIVE'),
  disabledAt: timestamp('disabled_at', { withTimezone: true, precision: 3 }),
  disabledReason: text('disabled_reason'),
});

export const subMerchants = pgTable(
  'sub_merchants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    unique('sub_merchants_merchant_name_key').on(table.merchantId, table.name),
    index('sub_merchants_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
  ],
);
