import { sql } from 'drizzle-orm';
import { char, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, virtualAccounts } from '@/lib/accounts/schema';
import { customers } from '@/lib/customers/schema';
import { merchants, subMerchants } from '@/lib/merchants/schema';
import { REFERENCE_KEY_SQL } from './reference';

/** Stored states. EXPIRED is also read from an OPEN or PARTIALLY_PAID bill past expiresAt. */
export const billStatuses = ['OPEN', 'PARTIALLY_PAID', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type BillStatus = (typeof billStatuses)[number];

/** A bill: the spec's "expected payment", with its optional one-time INVOICE account. */
export const expectedPayments = pgTable(
  'expected_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    customerId: uuid('customer_id').references(() => customers.id),
    paymentReference: text('payment_reference').notNull(),
    /** What the bill is for, in the merchant's words (migration 0031; at most 500 characters). */
    description: text('description'),
    /** The reference as payers' text is matched against it: letter case folded (reference.ts). */
    referenceKey: text('reference_key')
      .notNull()
      .generatedAlwaysAs(sql.raw(REFERENCE_KEY_SQL)),
    amount: money('amount').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: billStatuses }).notNull().default('OPEN'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    matchedCreditId: uuid('matched_credit_id'),
    virtualAccountId: uuid('virtual_account_id').references(() => virtualAccounts.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Unique per merchant in any letter case; also how a payer's reference is found (resolve.ts).
    uniqueIndex('expected_payments_merchant_reference_key').on(table.merchantId, table.referenceKey),
    check('expected_payments_amount_positive', sql`${table.amount} > 0`),
    check('expected_payments_description_length', sql`char_length(${table.description}) <= 500`),
    index('expected_payments_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('expected_payments_merchant_status_idx').on(table.merchantId, table.status, table.createdAt.desc(), table.id.desc()),
    index('expected_payments_sub_merchant_created_idx').on(table.subMerchantId, table.createdAt.desc(), table.id.desc()),
    // Reference search ("contains", case-insensitive) over millions of bills.
    index('expected_payments_reference_trgm_idx').using('gin', sql`${table.paymentReference} gin_trgm_ops`),
    index('expected_payments_customer_idx').on(table.customerId, table.createdAt.desc(), table.id.desc()),
    index('expected_payments_virtual_account_idx').on(table.virtualAccountId),
    // The expiry job finds lapsed bills still waiting for money without scanning paid ones.
    index('expected_payments_awaiting_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} in ('OPEN', 'PARTIALLY_PAID')`),
  ],
);
