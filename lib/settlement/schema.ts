import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '@/lib/accounts/schema';
import { merchants, subMerchants } from '@/lib/merchants/schema';

/** Where a merchant is paid: a bank account (pain.001), a phone (M-Pesa B2C) or a paybill (M-Pesa B2B). */
export const settlementAccountKinds = ['BANK', 'MPESA', 'PAYBILL'] as const;
export type SettlementAccountKind = (typeof settlementAccountKinds)[number];
export const settlementAccountStatuses = ['ACTIVE', 'DISABLED'] as const;

/** One active account per merchant, sub-merchant and currency (migration 0023); a change is a new row. */
export const settlementAccounts = pgTable(
  'settlement_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id').references(() => subMerchants.id),
    kind: text('kind', { enum: settlementAccountKinds }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name'),
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    accountNumber: text('account_number'),
    phone: text('phone'),
    paybill: text('paybill'),
    accountReference: text('account_reference'),
    status: text('status', { enum: settlementAccountStatuses }).notNull().default('ACTIVE'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    disabledBy: uuid('disabled_by'),
    disabledAt: timestamp('disabled_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('settlement_accounts_one_active_key')
      .on(table.merchantId, sql`coalesce(${table.subMerchantId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.currency)
      .where(sql`${table.status} = 'ACTIVE'`),
    index('settlement_accounts_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    check('settlement_accounts_kind_check', sql`${table.kind} IN ('BANK', 'MPESA', 'PAYBILL')`),
    check('settlement_accounts_status_check', sql`${table.status} IN ('ACTIVE', 'DISABLED')`),
  ],
);
export type SettlementAccountRow = typeof settlementAccounts.$inferSelect;

export const settlementIntervals = ['DAILY', 'WEEKLY', 'MONTHLY', 'MANUAL'] as const;
export type SettlementInterval = (typeof settlementIntervals)[number];

/**
 * When a merchant is paid. No row means the default: DAILY, a delay of 1 day, no minimum.
 * Days are Nairobi days; weeklyDay is ISO (1 = Monday); a monthlyDay past a month's end is its last day.
 * minimumAmounts is per currency ({"KES": "500.00"}): a currency absent has no minimum.
 */
export const settlementSchedules = pgTable(
  'settlement_schedules',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    interval: text('interval', { enum: settlementIntervals }).notNull().default('DAILY'),
    weeklyDay: smallint('weekly_day'),
    monthlyDay: smallint('monthly_day'),
    delayDays: smallint('delay_days').notNull().default(1),
    minimumAmounts: jsonb('minimum_amounts').$type<Record<string, string>>().notNull().default({}),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('settlement_schedules_interval_check', sql`${table.interval} IN ('DAILY', 'WEEKLY', 'MONTHLY', 'MANUAL')`),
    check('settlement_schedules_delay_check', sql`${table.delayDays} BETWEEN 0 AND 7`),
    check('settlement_schedules_weekly_day_check', sql`${table.weeklyDay} IS NULL OR ${table.weeklyDay} BETWEEN 1 AND 7`),
    check('settlement_schedules_monthly_day_check', sql`${table.monthlyDay} IS NULL OR ${table.monthlyDay} BETWEEN 1 AND 31`),
  ],
);
export type SettlementScheduleRow = typeof settlementSchedules.$inferSelect;

/** PENDING → PROCESSING → PAID, or FAILED (released at once), or RETURNED after PAID (released). */
export const settlementStatuses = ['PENDING', 'PROCESSING', 'PAID', 'FAILED', 'RETURNED'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];
/** Statuses whose items stand: the money left, or is leaving, the merchant's balance. */
export const standingSettlementStatuses = ['PENDING', 'PROCESSING', 'PAID'] as const;
export const settlementOrigins = ['MANUAL', 'SCHEDULED'] as const;
/** How the money is sent: the sandbox's simulator, Daraja B2C (phone), Daraja B2B (paybill), a pain.001 file (bank). */
export const settlementRails = ['SIMULATOR', 'MPESA_B2C', 'MPESA_B2B', 'BANK'] as const;
export type SettlementRail = (typeof settlementRails)[number];

/** Without foreign keys, as payments and balance entries (see events' schema); ledger:check verifies them. */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id').notNull(),
    subMerchantId: uuid('sub_merchant_id'),
    currency: char('currency', { length: 3 }).notNull(),
    settlementAccountId: uuid('settlement_account_id').notNull(),
    rail: text('rail', { enum: settlementRails }).notNull(),
    /** The destination as shown (masked): "Equity Bank ••••6789", "M-Pesa 2547••••678", "Paybill 888880". */
    destination: text('destination').notNull(),
    /** The payments covered; feeAmount their fees less fees refunded; reversalAmount the settled payments reversed since. */
    grossAmount: money('gross_amount').notNull(),
    feeAmount: money('fee_amount').notNull(),
    reversalAmount: money('reversal_amount').notNull(),
    /**
     * M-Pesa moves whole shillings: the cents of a net paid to a phone or paybill are carried
     * forward to the bucket's next settlement (carriedForward), which brings them forward
     * (broughtForward): the bucket's carry is Σ carried − Σ brought over its standing settlements.
     */
    broughtForward: money('brought_forward').notNull().default('0'),
    carriedForward: money('carried_forward').notNull().default('0'),
    /** What is paid: grossAmount − feeAmount − reversalAmount + broughtForward − carriedForward (a CHECK), above zero. */
    amount: money('amount').notNull(),
    entryCount: integer('entry_count').notNull(),
    status: text('status', { enum: settlementStatuses }).notNull().default('PENDING'),
    origin: text('origin', { enum: settlementOrigins }).notNull(),
    /** The Nairobi day a scheduled settlement is for: unique per merchant, sub-merchant and currency. */
    scheduledFor: date('scheduled_for', { mode: 'string' }),
    /** Payments received before this were due (the schedule's delay); later ones stayed pending. */
    cutoff: timestamp('cutoff', { withTimezone: true, precision: 3 }).notNull(),
    requestedBy: uuid('requested_by'),
    idempotencyKey: text('idempotency_key'),
    /** The rail's reference: M-Pesa's receipt (TransactionID), the bank's reference. */
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    /** Daraja's ids from the B2C/B2B acknowledgement; its Result quotes them. */
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    /** Sends to the rail so far (a result that never comes is asked again, then given up). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true, precision: 3 }),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    failedAt: timestamp('failed_at', { withTimezone: true, precision: 3 }),
    returnedAt: timestamp('returned_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('settlements_scheduled_once_key')
      .on(table.merchantId, sql`coalesce(${table.subMerchantId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.currency, table.scheduledFor)
      .where(sql`${table.origin} = 'SCHEDULED'`),
    index('settlements_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('settlements_in_flight_idx').on(table.status, table.createdAt).where(sql`${table.status} IN ('PENDING', 'PROCESSING')`),
    uniqueIndex('settlements_conversation_key').on(table.conversationId).where(sql`${table.conversationId} IS NOT NULL`),
    uniqueIndex('settlements_originator_conversation_key').on(table.originatorConversationId).where(sql`${table.originatorConversationId} IS NOT NULL`),
    check('settlements_status_check', sql`${table.status} IN ('PENDING', 'PROCESSING', 'PAID', 'FAILED', 'RETURNED')`),
    check('settlements_origin_check', sql`${table.origin} IN ('MANUAL', 'SCHEDULED')`),
    check('settlements_rail_check', sql`${table.rail} IN ('SIMULATOR', 'MPESA_B2C', 'MPESA_B2B', 'BANK')`),
    check('settlements_amount_positive', sql`${table.amount} > 0`),
    check(
      'settlements_sums_check',
      sql`${table.amount} = ${table.grossAmount} - ${table.feeAmount} - ${table.reversalAmount} + ${table.broughtForward} - ${table.carriedForward}`,
    ),
  ],
);
export type SettlementRow = typeof settlements.$inferSelect;

/** PAYMENT: a payment's net paid out. REVERSAL: a settled payment's reversal, taken back (net negative). */
export const settlementItemKinds = ['PAYMENT', 'REVERSAL'] as const;
export type SettlementItemKind = (typeof settlementItemKinds)[number];

/**
 * What each settlement covers, one row per payment (and per reversal of a settled payment). A
 * failed or returned settlement keeps its rows for history with releasedAt set; a partial unique
 * index keeps each payment (and reversal) in at most one settlement that stands.
 */
export const settlementItems = pgTable(
  'settlement_items',
  {
    settlementId: uuid('settlement_id').notNull(),
    kind: text('kind', { enum: settlementItemKinds }).notNull(),
    paymentId: uuid('payment_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    virtualAccountId: uuid('virtual_account_id').notNull(),
    providerReference: text('provider_reference').notNull(),
    /** The payment's amount and fee, unsigned; netAmount is signed (negative for a REVERSAL). */
    amount: money('amount').notNull(),
    feeAmount: money('fee_amount').notNull(),
    netAmount: money('net_amount').notNull(),
    /** When the payment was received, or the reversal confirmed. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ name: 'settlement_items_pkey', columns: [table.settlementId, table.kind, table.paymentId] }),
    uniqueIndex('settlement_items_once_key').on(table.paymentId, table.kind).where(sql`${table.releasedAt} IS NULL`),
    check('settlement_items_kind_check', sql`${table.kind} IN ('PAYMENT', 'REVERSAL')`),
    check(
      'settlement_items_net_check',
      sql`${table.netAmount} = CASE WHEN ${table.kind} = 'PAYMENT' THEN ${table.amount} - ${table.feeAmount} ELSE -(${table.amount} - ${table.feeAmount}) END`,
    ),
  ],
);
export type SettlementItemRow = typeof settlementItems.$inferSelect;

/**
 * What settlement looks for: every payment not in a standing settlement that may still be paid out
 * (RECEIVED or REVERSAL_PENDING), keyed as a bucket's run reads it (merchant, currency, oldest first).
 * A trigger on payments adds each payment as it is recorded; a settlement deletes the rows it takes
 * and a failed or returned one puts its payments back (migration 0025). The payment row is the truth
 * for its status and bucket: a row here is only where to look, re-checked under the payment's lock.
 * Keeping this apart from payments is what lets settling leave the payments' indexes alone
 * (docs/settlement.md, "Finding what is due").
 */
export const unsettledPayments = pgTable(
  'unsettled_payments',
  {
    paymentId: uuid('payment_id').primaryKey(),
    /** The payment's partition key (migration 0034): the queue joins its payments on (id, created_at), one month each. */
    paymentCreatedAt: timestamp('payment_created_at', { withTimezone: true }).notNull(),
    merchantId: uuid('merchant_id').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('unsettled_payments_due_idx').on(table.merchantId, table.currency, table.receivedAt)],
);
