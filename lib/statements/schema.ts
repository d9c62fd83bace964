import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '@/lib/accounts/schema';

export const statementFormats = ['CAMT053', 'MT940'] as const;
export type StatementFormat = (typeof statementFormats)[number];

/**
 * What became of one entry of a bank statement. MATCHED: a payment had it already; HELD: it was in
 * suspense already; RECORDED and SUSPENSE: this import kept it (it had never been notified);
 * MISMATCHED: the reference is known with another amount, currency or account (nothing written);
 * SKIPPED: not a payer's booked credit (a debit, a reversal, a pending entry); REPEATED: an earlier
 * statement (overlapping this one, or the same one re-exported) already accounted for the credit.
 */
export const entryOutcomes = ['MATCHED', 'HELD', 'RECORDED', 'SUSPENSE', 'MISMATCHED', 'SKIPPED', 'REPEATED'] as const;
/** The outcomes that account for a credit: at most one entry per bank account and reference has one. */
export const accountedOutcomes = ['MATCHED', 'HELD', 'RECORDED', 'SUSPENSE'] as const;
export type EntryOutcome = (typeof entryOutcomes)[number];

/**
 * One statement of an imported file. Unique per bank account and identity (statement id, opening
 * and closing balances with their dates, and a digest of its entries: banks reuse statement ids), so
 * a statement is imported once, whichever file carries it. IMPORTING while its entries are worked
 * through; an import interrupted part-way is taken over by the next run (see import-statement.ts).
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** SHA-256 of the file's bytes: the same file again is recognised before anything is read. */
    fileHash: text('file_hash').notNull(),
    fileName: text('file_name'),
    format: text('format', { enum: statementFormats }).notNull(),
    /** The collection account as the statement names it (IBAN or the bank's number). */
    bankAccount: text('bank_account').notNull(),
    statementId: text('statement_id').notNull(),
    /** SHA-256 of what makes the statement unique (lib/statements/identity.ts); `legacy:<id>` before migration 0020. */
    identity: text('identity').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    openingBalance: money('opening_balance'),
    closingBalance: money('closing_balance'),
    openingDate: date('opening_date', { mode: 'string' }),
    closingDate: date('closing_date', { mode: 'string' }),
    status: text('status', { enum: ['IMPORTING', 'COMPLETED'] }).notNull().default('IMPORTING'),
    entryCount: integer('entry_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    recordedCount: integer('recorded_count').notNull().default(0),
    suspenseCount: integer('suspense_count').notNull().default(0),
    mismatchedCount: integer('mismatched_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    repeatedCount: integer('repeated_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    unique('statement_imports_identity_key').on(table.bankAccount, table.identity),
    index('statement_imports_statement_idx').on(table.bankAccount, table.statementId),
    index('statement_imports_file_hash_idx').on(table.fileHash),
    check('statement_imports_format_check', sql`${table.format} IN ('CAMT053', 'MT940')`),
    check('statement_imports_status_check', sql`${table.status} IN ('IMPORTING', 'COMPLETED')`),
  ],
);

/** Each entry of an imported statement, in file order, with its outcome. */
export const statementImportEntries = pgTable(
  'statement_import_entries',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => statementImports.id),
    position: integer('position').notNull(),
    /** The collection account (as its import names it): a bank's references are unique per account. */
    bankAccount: text('bank_account').notNull(),
    /** The reference the credit is kept under (the payment's or suspense row's provider_reference). */
    bankReference: text('bank_reference').notNull(),
    direction: text('direction', { enum: ['CREDIT', 'DEBIT'] }).notNull(),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    accountNumber: text('account_number'),
    bookedOn: date('booked_on', { mode: 'string' }),
    outcome: text('outcome', { enum: entryOutcomes }).notNull(),
    paymentId: uuid('payment_id'),
    suspenseId: uuid('suspense_id'),
    /** Why, for MISMATCHED, SUSPENSE and SKIPPED: a sentence for the operator. */
    detail: text('detail'),
  },
  (table) => [
    primaryKey({ name: 'statement_import_entries_pkey', columns: [table.importId, table.position] }),
    index('statement_import_entries_reference_idx').on(table.bankReference),
    // Each credit of an account is accounted for once, whichever statements carry it.
    uniqueIndex('statement_import_entries_credit_key')
      .on(table.bankAccount, table.bankReference)
      .where(sql`${table.outcome} IN ('MATCHED', 'HELD', 'RECORDED', 'SUSPENSE')`),
    check('statement_import_entries_direction_check', sql`${table.direction} IN ('CREDIT', 'DEBIT')`),
  ],
);
