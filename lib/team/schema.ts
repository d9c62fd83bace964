import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { userRoles, users } from '@/lib/auth/schema';
import { merchants, subMerchants } from '@/lib/merchants/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** An invitation to join a merchant: its link carries a token of which only the hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    email: text('email').notNull(),
    role: text('role', { enum: userRoles }).notNull(),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    unique('invitations_token_hash_key').on(table.tokenHash),
    check('invitations_role_check', sql`${table.role} in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT')`),
    check('invitations_admin_not_scoped', sql`${table.role} <> 'MERCHANT_ADMIN' or ${table.subMerchantId} is null`),
    index('invitations_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
  ],
);

/** A one-time link an administrator issues so that a user can set a new password. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/** What an administrator decided for the whole merchant; no row means the defaults. */
export const merchantSecurityPolicies = pgTable('merchant_security_policies', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  requireMfa: boolean('require_mfa').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
