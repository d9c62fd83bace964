import { sql } from 'drizzle-orm';
import { char, check, index, numeric, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { merchants, subMerchants } from '@/lib/merchants/schema';

export const accountPurposes = ['LEGACY', 'BRAND', 'SUBSCRIBER', 'CURRENCY', 'INVOICE', 'CUSTOMER'] as const;
export type AccountPurpose = (typeof accountPurposes)[number];
export const accountOwnerTypes = ['MERCHANT', 'SUB_MERCHANT', 'CUSTOMER', 'EXPECTED_PAYMENT'] as const;
export const accountTypes = ['STATIC', 'ONE_TIME'] as const;
export const accountStatuses = ['ACTIVE', 'CLOSED'] as const;

/** Money is NUMERIC end to end: four decimals hold every ISO 4217 minor unit and fractional fees. */
export const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

/** Feeds account numbers; the number itself adds a check digit (see account-number.ts). */
export const accountNumberSequence = pgSequence('virtual_account_number_seq', {
  startWith: 100_000_000,
  minValue: 100_000_000,
  maxValue: 999_999_999,
  increment: 1,
});

/** The real bank account behind virtual accounts of one currency. */
export const collectionAccounts = pgTable('collection_accounts', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  currency: char('currency', { length: 3 }).notNull().unique('collection_accounts_currency_key'),
  bankAccountNumber: text('bank_account_number').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  /** Set by an operator (PUT /operator/collection-accounts); null while the sandbox default stands. */
  bankName: text('bank_name'),
  branch: text('branch'),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }),
  updatedBy: uuid('updated_by'),
});

export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    ownerType: text('owner_type', { enum: accountOwnerTypes }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    purpose: text('purpose', { enum: accountPurposes }).notNull(),
    accountNumber: text('account_number').notNull().unique('virtual_accounts_account_number_key'),
    accountName: text('account_name').notNull(),
    accountType: text('account_type', { enum: accountTypes }).notNull(),
    status: text('status', { enum: accountStatuses }).notNull().default('ACTIVE'),
    balance: money('balance').notNull().default('0'),
    feeBalance: money('fee_balance').notNull().default('0'),
    currency: char('currency', { length: 3 }).notNull(),
    collectionAccountId: uuid('collection_account_id')
      .notNull()
      .references(() => collectionAccounts.id),
    singleDepositLimit: money('single_deposit_limit'),
    expireAt: timestamp('expire_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('virtual_accounts_number_check', sql`${table.accountNumber} ~ '^[0-9]+$'`),
    index('virtual_accounts_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('virtual_accounts_owner_idx').on(table.ownerType, table.ownerId),
    // One customer account per customer and one invoice account per bill (each owner is one merchant's:
    // merchant_id in the key changes nothing now and lets a merchant-sharded database enforce it, docs/scaling.md).
    uniqueIndex('virtual_accounts_single_owner_key')
      .on(table.merchantId, table.ownerType, table.ownerId)
      .where(sql`${table.purpose} in ('CUSTOMER', 'INVOICE')`),
    // One static account per merchant, sub-merchant, purpose and currency.
    uniqueIndex('virtual_accounts_static_purpose_key')
      .on(table.merchantId, sql`coalesce(${table.subMerchantId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.purpose, table.currency)
      .where(sql`${table.purpose} in ('LEGACY', 'BRAND', 'SUBSCRIBER', 'CURRENCY')`),
  ],
);
