import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '@/lib/auth/schema';
import { merchants, subMerchants } from '@/lib/merchants/schema';

/** Keys act for a person's role, never as an administrator: managing people and keys takes a person. */
export const apiKeyRoles = ['PLAIN_MERCHANT', 'SUPPORT'] as const;
export type ApiKeyRole = (typeof apiKeyRoles)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** An integration's credential. The secret is shown once; only its SHA-256 is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    name: text('name').notNull(),
    role: text('role', { enum: apiKeyRoles }).notNull(),
    /** The secret's first characters (`ck_live_AbCd`), to tell keys apart in lists and logs. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    unique('api_keys_secret_hash_key').on(table.secretHash),
    check('api_keys_role_check', sql`${table.role} in ('PLAIN_MERCHANT', 'SUPPORT')`),
    index('api_keys_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
  ],
);
