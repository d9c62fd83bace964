import { sql } from 'drizzle-orm';
import { char, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  defaultCurrency: char('default_currency', { length: 3 }).notNull().default('KES'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
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
