import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const sandboxCallbacks = ['DELIVERED', 'DROPPED'] as const;

/**
 * The sandbox's simulated M-Pesa keeps its own list of paybill transactions, as Daraja does: every
 * simulated inbound payment, those whose callback was dropped too. Values as the provider reports
 * them (the amount is its text), which Pull Transactions then answers from.
 */
export const sandboxMpesaTransactions = pgTable(
  'sandbox_mpesa_transactions',
  {
    transactionId: text('transaction_id').primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    shortCode: text('short_code').notNull(),
    trxDate: at('trx_date').notNull(),
    msisdn: text('msisdn').notNull(),
    sender: text('sender').notNull(),
    transactionType: text('transaction_type').notNull(),
    billReference: text('bill_reference').notNull(),
    amount: text('amount').notNull(),
    organizationName: text('organization_name').notNull(),
    callback: text('callback', { enum: sandboxCallbacks }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_mpesa_transactions_date_idx').on(table.shortCode, table.trxDate, table.transactionId),
    check('sandbox_mpesa_transactions_callback', sql`${table.callback} IN ('DELIVERED', 'DROPPED')`),
  ],
);

export const recoveryRunStatuses = ['RUNNING', 'COMPLETED', 'FAILED'] as const;
export const recoverySources = ['DARAJA', 'SANDBOX'] as const;
export const recoveryTriggers = ['JOB', 'CLI'] as const;
export type RecoverySource = (typeof recoverySources)[number];
export type RecoveryTrigger = (typeof recoveryTriggers)[number];

/**
 * One recovery run: its window and what it found. At most one RUNNING per rail and source (the job
 * and the CLI never overlap; a deployment has one source, the sandbox's or Daraja).
 */
export const railRecoveryRuns = pgTable(
  'rail_recovery_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    rail: text('rail').notNull().default('MPESA'),
    source: text('source', { enum: recoverySources }).notNull(),
    trigger: text('trigger', { enum: recoveryTriggers }).notNull(),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    /** Set when an operator asked about one receipt (Transaction Status) rather than a window. */
    receipt: text('receipt'),
    status: text('status', { enum: recoveryRunStatuses }).notNull().default('RUNNING'),
    pages: integer('pages').notNull().default(0),
    /** Transactions the provider listed in the window. */
    found: integer('found').notNull().default(0),
    /** Never received before: credited to an account now. */
    recorded: integer('recorded').notNull().default(0),
    /** Never received before: kept in suspense now (no account can take it). */
    suspense: integer('suspense').notNull().default(0),
    /** Already known (its callback came, or an earlier run recorded it). */
    duplicates: integer('duplicates').notNull().default(0),
    /** Transaction Status queries sent for entries the list left ambiguous. */
    statusQueries: integer('status_queries').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    error: text('error'),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    uniqueIndex('rail_recovery_runs_one_running').on(table.rail, table.source).where(sql`${table.status} = 'RUNNING'`),
    index('rail_recovery_runs_started_idx').on(table.rail, table.source, table.startedAt.desc()),
    check('rail_recovery_runs_status', sql`${table.status} IN ('RUNNING', 'COMPLETED', 'FAILED')`),
    check('rail_recovery_runs_source', sql`${table.source} IN ('DARAJA', 'SANDBOX')`),
    check('rail_recovery_runs_trigger', sql`${table.trigger} IN ('JOB', 'CLI')`),
  ],
);

export const recoveryVias = ['PULL', 'STATUS', 'SANDBOX'] as const;
export type RecoveryVia = (typeof recoveryVias)[number];

/** Money recorded by recovery rather than by its callback: the flag a payment page can show. */
export const railRecoveredPayments = pgTable(
  'rail_recovered_payments',
  {
    rail: text('rail').notNull(),
    providerReference: text('provider_reference').notNull(),
    runId: uuid('run_id'),
    via: text('via', { enum: recoveryVias }).notNull(),
    outcome: text('outcome', { enum: ['RECORDED', 'SUSPENSE'] }).notNull(),
    paymentId: uuid('payment_id'),
    recoveredAt: at('recovered_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'rail_recovered_payments_pkey', columns: [table.rail, table.providerReference] }),
    index('rail_recovered_payments_payment_idx').on(table.paymentId),
    check('rail_recovered_payments_via', sql`${table.via} IN ('PULL', 'STATUS', 'SANDBOX')`),
    check('rail_recovered_payments_outcome', sql`${table.outcome} IN ('RECORDED', 'SUSPENSE')`),
  ],
);

export const statusQueryStatuses = ['PENDING', 'RECORDED', 'SUSPENSE', 'DUPLICATE', 'NOT_COMPLETED', 'FAILED', 'TIMED_OUT'] as const;
export type StatusQueryStatus = (typeof statusQueryStatuses)[number];

/** A Daraja Transaction Status query, waiting for (or holding) its asynchronous result. */
export const railStatusQueries = pgTable(
  'rail_status_queries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    rail: text('rail').notNull().default('MPESA'),
    receipt: text('receipt').notNull(),
    runId: uuid('run_id'),
    /** The Pull Transactions entry that raised the question, when one did (its account reference is used). */
    pulled: jsonb('pulled'),
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    status: text('status', { enum: statusQueryStatuses }).notNull().default('PENDING'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    result: jsonb('result'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    index('rail_status_queries_conversation_idx').on(table.originatorConversationId),
    check(
      'rail_status_queries_status',
      sql`${table.status} IN ('PENDING', 'RECORDED', 'SUSPENSE', 'DUPLICATE', 'NOT_COMPLETED', 'FAILED', 'TIMED_OUT')`,
    ),
  ],
);
