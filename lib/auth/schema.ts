import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants, subMerchants } from '@/lib/merchants/schema';

import { anyUserRoles } from '@/lib/api/principal';

export { userRoles, type UserRole, platformRoles, type PlatformRole, anyUserRoles } from '@/lib/api/principal';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null exactly for an operator (a platform role, migration 0026). */
    merchantId: uuid('merchant_id').references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    /** Stored lower-cased, so that the unique index is case-insensitive. */
    email: text('email').notNull().unique('users_email_key'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: anyUserRoles }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * Copies, for the per-request session check (lib/auth/principal.ts): the merchant's policy's
     * require_mfa and whether this user's TOTP is confirmed. Written by triggers only (migration
     * 0024), whatever the app writes here is replaced.
     */
    merchantRequiresMfa: boolean('merchant_requires_mfa').notNull().default(false),
    totpConfirmed: boolean('totp_confirmed').notNull().default(false),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT', 'PLATFORM_ADMIN', 'PLATFORM_SUPPORT')`),
    check(
      'users_platform_role_without_merchant',
      sql`(${table.role} in ('PLATFORM_ADMIN', 'PLATFORM_SUPPORT')) = (${table.merchantId} is null) and (${table.merchantId} is not null or ${table.subMerchantId} is null)`,
    ),
    check('users_admin_not_scoped', sql`${table.role} <> 'MERCHANT_ADMIN' or ${table.subMerchantId} is null`),
    index('users_merchant_idx').on(table.merchantId),
  ],
);

/**
 * One row per sign-in, of a user or of an API key (exactly one of the two). Access tokens carry its
 * id, so ending it refuses them at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id),
    /** References api_keys (the foreign key is in the migration; lib/api-keys imports this file). */
    apiKeyId: uuid('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    revokedReason: text('revoked_reason'),
    /**
     * Copies of the user's row, for the per-request check of a user's session (lib/auth/principal.ts
     * reads this one row, not sessions ⋈ users). Written by triggers only (migration 0033): whatever
     * the app writes here is replaced. Empty (and user_active false) for an API key's session.
     */
    userMerchantId: uuid('user_merchant_id'),
    userSubMerchantId: uuid('user_sub_merchant_id'),
    userRole: text('user_role', { enum: anyUserRoles }),
    userEmail: text('user_email'),
    userFirstName: text('user_first_name'),
    userLastName: text('user_last_name'),
    userActive: boolean('user_active').notNull().default(false),
    userMustEnrolMfa: boolean('user_must_enrol_mfa').notNull().default(false),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    check('sessions_one_holder', sql`(${table.userId} is null) <> (${table.apiKeyId} is null)`),
  ],
);

/** Refresh tokens are stored as SHA-256 hashes; each is usable once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Failed sign-ins, counted over a sliding window to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_idx').on(table.email, table.failedAt),
    index('login_failures_address_idx').on(table.address, table.failedAt),
  ],
);
