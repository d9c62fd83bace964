import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { money } from '@/lib/accounts/schema';

/** SETTLEMENT: the net paid out of an account (negative), or given back when a settlement fails or returns. */
export const balanceEntryTypes = ['CREDIT', 'FEE', 'DEBIT', 'SETTLEMENT'] as const;

/**
 * The ledger: every change to a virtual account's balance or fee balance is one row here, so an
 * account's balance always equals the sum of its entries. Without foreign keys, as payments and
 * events: see events' schema for why.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    merchantId: uuid('merchant_id').notNull(),
    virtualAccountId: uuid('virtual_account_id').notNull(),
    type: text('type', { enum: balanceEntryTypes }).notNull(),
    /** Signed: credits positive, debits negative. FEE entries move feeBalance, not balance. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    paymentId: uuid('payment_id'),
    /** The settlement a SETTLEMENT entry pays out or gives back (migration 0023). */
    settlementId: uuid('settlement_id'),
    description: text('description').notNull(),
    /** Assigned while the account row is locked: the order in which balanceAfter was computed. */
    sequence: bigserial('sequence', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Partitioned by month on created_at (migration 0034): the key must include it.
    primaryKey({ name: 'balance_entries_pkey', columns: [table.id, table.createdAt] }),
    index('balance_entries_payment_idx').on(table.paymentId),
    index('balance_entries_account_created_idx').on(table.virtualAccountId, table.createdAt.desc(), table.id.desc()),
    // Account statements cut periods by sequence (migration 0015, lib/statements/account-statement.ts).
    index('balance_entries_account_sequence_idx').on(table.virtualAccountId, table.sequence),
    index('balance_entries_settlement_idx').on(table.settlementId).where(sql`${table.settlementId} IS NOT NULL`),
  ],
);
