import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '@/lib/merchants/schema';

export const payerLinkTargets = ['VIRTUAL_ACCOUNT', 'EXPECTED_PAYMENT', 'CUSTOMER'] as const;
export type PayerLinkTarget = (typeof payerLinkTargets)[number];

/** A public, unguessable address of one payer-instruction page; one per target, reused. */
export const payerLinks = pgTable(
  'payer_links',
  {
    /** 128 random bits, base64url. */
    token: text('token').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    targetType: text('target_type', { enum: payerLinkTargets }).notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // merchant_id first: the key a merchant-sharded database (docs/scaling.md) can enforce; a target belongs to one merchant.
    unique('payer_links_target_key').on(table.merchantId, table.targetType, table.targetId),
    index('payer_links_merchant_idx').on(table.merchantId),
  ],
);
