import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { merchants, subMerchants } from '@/lib/merchants/schema';

export const customerStatuses = ['ACTIVE', 'INACTIVE'] as const;

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    externalRef: text('external_ref').notNull(),
    displayName: text('display_name').notNull(),
    /** Optional (migration 0028): many payers have a phone and no email address. */
    email: text('email'),
    /** Digits with the country prefix, no plus sign: 2547XXXXXXXX. */
    phone: text('phone').notNull(),
    status: text('status', { enum: customerStatuses }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    unique('customers_merchant_external_ref_key').on(table.merchantId, table.externalRef),
    index('customers_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('customers_sub_merchant_created_idx').on(table.subMerchantId, table.createdAt.desc(), table.id.desc()),
  ],
);
