import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { anyUserRoles, users } from '@/lib/auth/schema';
import { merchants, subMerchants } from '@/lib/merchants/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** An invitation to join a merchant: its link carries a token of which only the hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null for an operator's invitation (a platform role, migration 0026). */
    merchantId: uuid('merchant_id').references(() => merchants.id),
    email: text('email').notNull(),
    role: text('role', { enum: anyUserRoles }).notNull(),
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
    check('invitations_role_check', sql`${table.role} in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT', 'PLATFORM_ADMIN', 'PLATFORM_SUPPORT')`),
    check(
      'invitations_platform_role_without_merchant',
      sql`(${table.role} in ('PLATFORM_ADMIN', 'PLATFORM_SUPPORT')) = (${table.merchantId} is null) and (${table.merchantId} is not null or ${table.subMerchantId} is null)`,
    ),
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

/**
 * One "Forgot password?" request, whether or not its email belongs to a user: only to throttle
 * them per email and per address (lib/team/forgot-password.ts). Old rows are trimmed as it goes.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
  },
  (table) => [
    index('password_reset_requests_email_idx').on(table.email, table.requestedAt),
    index('password_reset_requests_address_idx').on(table.address, table.requestedAt),
  ],
);
