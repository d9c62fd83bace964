import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '@/lib/accounts/schema';
import type { AppliedFeeRule } from '@/lib/pricing/applied-rule';

export const paymentChannels = ['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

/** The network a payment came over; a provider reference is unique within its rail. */
export const paymentRails = ['MPESA', 'BANK'] as const;
export type PaymentRail = (typeof paymentRails)[number];

/**
 * How a payment relates to a bill. MATCHED settled a bill in full, PARTIAL paid part of one,
 * OVERPAID settled one and left a surplus, UNMATCHED had no bill to settle, and
 * NEEDS_ATTENTION arrived for a bill that was already cancelled, expired or paid.
 */
export const matchStatuses = ['MATCHED', 'PARTIAL', 'OVERPAID', 'UNMATCHED', 'NEEDS_ATTENTION'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** RECEIVED is kept; REVERSAL_PENDING waits for the rail to give it back; REVERSED went back (lib/reversals). */
export const paymentStatuses = ['RECEIVED', 'REVERSAL_PENDING', 'REVERSED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const attentionResolutions = ['MOVED', 'NOTED'] as const;
export type AttentionResolution = (typeof attentionResolutions)[number];

/** Without foreign keys, as balance entries and events: see events' schema for why. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    merchantId: uuid('merchant_id').notNull(),
    subMerchantId: uuid('sub_merchant_id'),
    virtualAccountId: uuid('virtual_account_id').notNull(),
    accountNumber: text('account_number').notNull(),
    customerId: uuid('customer_id'),
    expectedPaymentId: uuid('expected_payment_id'),
    rail: text('rail', { enum: paymentRails }).notNull(),
    channel: text('channel', { enum: paymentChannels }).notNull(),
    amount: money('amount').notNull(),
    feeAmount: money('fee_amount').notNull(),
    netAmount: money('net_amount').notNull(),
    /** The fee rule the payment was charged under (lib/pricing, migration 0022); null before it. */
    feeRule: jsonb('fee_rule').$type<AppliedFeeRule>(),
    overpaidAmount: money('overpaid_amount').notNull().default('0'),
    currency: char('currency', { length: 3 }).notNull(),
    payerName: text('payer_name'),
    payerPhone: text('payer_phone'),
    /** The phone's digits reversed, so that "last digits" searches are an index prefix scan. */
    payerPhoneReversed: text('payer_phone_reversed'),
    payerAccount: text('payer_account'),
    providerReference: text('provider_reference').notNull(),
    /** What the payer typed as the account or reference (M-Pesa BillRefNumber, bank reference). */
    billReference: text('bill_reference'),
    narration: text('narration'),
    matchStatus: text('match_status', { enum: matchStatuses }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('RECEIVED'),
    /**
     * A NEEDS_ATTENTION payment a person has dealt with: MOVED onto another open bill (its match
     * status then is that bill's), or NOTED (left where it is, with why). Null until then.
     */
    attentionResolution: text('attention_resolution', { enum: attentionResolutions }),
    attentionNote: text('attention_note'),
    attentionResolvedBy: uuid('attention_resolved_by'),
    attentionResolvedAt: timestamp('attention_resolved_at', { withTimezone: true, precision: 3 }),
    movedFromExpectedPaymentId: uuid('moved_from_expected_payment_id'),
    /**
     * The settlement that paid this payment's net out (migration 0023); null while unsettled or after one
     * failed. In no index (migration 0025), so that setting it rewrites no index entry.
     */
    settlementId: uuid('settlement_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Partitioned by month on created_at (migration 0034): the key must include it. Exactly once per
    // rail reference is rail_references' primary key; here the pair is only indexed, for look-ups.
    primaryKey({ name: 'payments_pkey', columns: [table.id, table.createdAt] }),
    index('payments_rail_reference_idx').on(table.rail, table.providerReference),
    check('payments_status_check', sql`${table.status} IN ('RECEIVED', 'REVERSAL_PENDING', 'REVERSED')`),
    index('payments_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('payments_merchant_received_idx').on(table.merchantId, table.receivedAt),
    index('payments_sub_merchant_created_idx').on(table.subMerchantId, table.createdAt.desc(), table.id.desc()),
    index('payments_account_created_idx').on(table.virtualAccountId, table.createdAt.desc(), table.id.desc()),
    index('payments_bill_idx').on(table.expectedPaymentId),
    index('payments_merchant_attention_idx')
      .on(table.merchantId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.matchStatus} = 'NEEDS_ATTENTION' AND ${table.attentionResolvedAt} IS NULL`),
    index('payments_customer_created_idx').on(table.customerId, table.createdAt.desc(), table.id.desc()),
    index('payments_merchant_reference_idx').on(table.merchantId, table.providerReference),
    index('payments_merchant_phone_idx').on(table.merchantId, sql`${table.payerPhoneReversed} text_pattern_ops`),
    index('payments_merchant_bill_reference_idx').on(table.merchantId, table.billReference),
    // Payer-name search is a case-insensitive "contains": trigrams make it an index lookup.
    index('payments_payer_name_trgm_idx').using('gin', sql`${table.payerName} gin_trgm_ops`),
    // No index names settlement_id (migration 0025): settling sets it as a HOT update (fillfactor 50),
    // and what is due is found in unsettled_payments (lib/settlement/schema.ts).
    // The operator's search across merchants (migration 0030): a payer's number and a typed reference, whoever was paid.
    index('payments_phone_reversed_idx').on(sql`${table.payerPhoneReversed} text_pattern_ops`).where(sql`${table.payerPhoneReversed} IS NOT NULL`),
    index('payments_bill_reference_idx').on(table.billReference, table.createdAt.desc()).where(sql`${table.billReference} IS NOT NULL`),
  ],
);

/**
 * Running totals per merchant, day (Africa/Nairobi), account, channel and currency, kept in the
 * same transaction as each payment, so that summaries over millions of payments read a few rows.
 */
export const paymentDailyTotals = pgTable(
  'payment_daily_totals',
  {
    merchantId: uuid('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    virtualAccountId: uuid('virtual_account_id').notNull(),
    subMerchantId: uuid('sub_merchant_id'),
    channel: text('channel', { enum: paymentChannels }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
    totalAmount: money('total_amount').notNull(),
    /** The fees on those payments (migration 0017); net is totalAmount − feeAmount. */
    feeAmount: money('fee_amount').notNull().default('0'),
  },
  (table) => [
    primaryKey({ name: 'payment_daily_totals_pkey', columns: [table.merchantId, table.day, table.virtualAccountId, table.channel, table.currency] }),
  ],
);

/** Rows each merchant's day, channel and currency is spread over: see paymentMerchantDailyTotals. */
export const MERCHANT_TOTALS_SHARDS = 8;

/** The key after the period, and the sums, of a merchant totals table (fresh builders per table). */
const merchantTotalsColumns = () => ({
  subMerchantId: uuid('sub_merchant_id'),
  channel: text('channel', { enum: paymentChannels }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  shard: smallint('shard').notNull(),
  paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
  totalAmount: money('total_amount').notNull(),
  feeAmount: money('fee_amount').notNull().default('0'),
});

/**
 * The daily totals summed over a merchant's accounts, kept in the same statement as the per-account
 * ones: a merchant with thousands of customer accounts has about one per-account row per payment,
 * so a summary over all of them reads a few rows a day here instead. Each day is spread over
 * MERCHANT_TOTALS_SHARDS rows (chosen by account) so that payments into different accounts of one
 * merchant, each in its own transaction, do not queue on one row lock; a batch of payments adds
 * all of its own to its lane's row (see recordPaymentBatch). The shards only split the sums: reads
 * add them up.
 */
export const paymentMerchantDailyTotals = pgTable(
  'payment_merchant_daily_totals',
  { merchantId: uuid('merchant_id').notNull(), day: date('day', { mode: 'string' }).notNull(), ...merchantTotalsColumns() },
  (table) => [
    unique('payment_merchant_daily_totals_key')
      .on(table.merchantId, table.day, table.subMerchantId, table.channel, table.currency, table.shard)
      .nullsNotDistinct(),
  ],
);

/**
 * The merchant totals again, per hour (the hour's start, UTC and Nairobi hours coinciding), written
 * in the same statement: a summary over a range cut mid-day ("today so far", "09:30 to 17:00")
 * reads whole hours here and, from the payments, only what lies within an hour of either end.
 */
export const paymentMerchantHourlyTotals = pgTable(
  'payment_merchant_hourly_totals',
  { merchantId: uuid('merchant_id').notNull(), hour: timestamp('hour', { withTimezone: true }).notNull(), ...merchantTotalsColumns() },
  (table) => [
    unique('payment_merchant_hourly_totals_key')
      .on(table.merchantId, table.hour, table.subMerchantId, table.channel, table.currency, table.shard)
      .nullsNotDistinct(),
  ],
);

/** OPEN waits for a person; RESOLVED became a payment; RETURN_REQUESTED is to go back to the payer. */
export const suspenseStatuses = ['OPEN', 'RESOLVED', 'RETURN_REQUESTED'] as const;
export type SuspenseStatus = (typeof suspenseStatuses)[number];

/**
 * Money a rail confirmed that no account can take (unknown account number, another currency, an
 * amount that is not money): kept whole for an operator, never dropped, and still unique per rail
 * reference. `amount` is set only when it is an amount the service could credit; `amountText` is
 * the amount as the rail sent it, `rawBody` the request as received (docs/rails.md).
 */
export const suspensePayments = pgTable(
  'suspense_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    rail: text('rail', { enum: paymentRails }).notNull(),
    providerReference: text('provider_reference').notNull(),
    accountNumber: text('account_number'),
    amount: money('amount'),
    amountText: text('amount_text').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull(),
    /** The reason as a sentence an operator can act on. */
    detail: text('detail'),
    /** What was read from the request, flat: the fields a payment would have had. */
    payload: jsonb('payload').notNull(),
    rawBody: text('raw_body'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Whose money it is: set when the account number was known, or by an operator (suspense:assign). */
    merchantId: uuid('merchant_id'),
    subMerchantId: uuid('sub_merchant_id'),
    virtualAccountId: uuid('virtual_account_id'),
    status: text('status', { enum: suspenseStatuses }).notNull().default('OPEN'),
    /** The one payment a RESOLVED row became (same rail and provider reference). */
    resolvedPaymentId: uuid('resolved_payment_id'),
    resolvedBy: uuid('resolved_by'),
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    unique('suspense_payments_rail_reference_key').on(table.rail, table.providerReference),
    index('suspense_payments_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    // The merchant's OPEN list stays one index range however much was resolved or returned before.
    index('suspense_payments_merchant_status_created_idx').on(table.merchantId, table.status, table.createdAt.desc(), table.id.desc()),
    index('suspense_payments_account_number_idx').on(table.accountNumber).where(sql`${table.accountNumber} IS NOT NULL`),
    index('suspense_payments_unassigned_idx').on(table.createdAt.desc(), table.id.desc()).where(sql`${table.merchantId} IS NULL`),
    check('suspense_payments_status_check', sql`${table.status} IN ('OPEN', 'RESOLVED', 'RETURN_REQUESTED')`),
    check('suspense_payments_resolved_has_payment', sql`(${table.status} = 'RESOLVED') = (${table.resolvedPaymentId} IS NOT NULL)`),
    check(
      'suspense_payments_amount_or_reason',
      sql`${table.amount} IS NOT NULL OR ${table.reason} IN ('UNREADABLE_AMOUNT', 'NEGATIVE_AMOUNT', 'ZERO_AMOUNT', 'TOO_MANY_DECIMALS', 'AMOUNT_TOO_LARGE')`,
    ),
  ],
);

/**
 * One row per rail reference ever kept, as a payment or as suspense (migration 0019). Both write
 * paths insert here in the same statement as their own row, so the primary key decides, once and
 * for good, which of them a reference is: never both (docs/rails.md, "One reference, one record").
 * Resolving suspense makes its payment under the claim the suspense row already holds.
 */
export const railReferences = pgTable(
  'rail_references',
  {
    rail: text('rail', { enum: paymentRails }).notNull(),
    providerReference: text('provider_reference').notNull(),
    /**
     * The partition key of the reference's payment (migration 0034): a lookup by reference reads one
     * month partition of payments. Null while the reference is held in suspense (no payment yet).
     */
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ name: 'rail_references_pkey', columns: [table.rail, table.providerReference] })],
);

/**
 * What a merchant's search box looks for, one row per payment, in one plain table (migration 0038):
 * a bill reference, a receipt or a phone has no time, and read from payments alone it probed every
 * month partition. Kept by triggers on payments in the statement that writes the payment (never by
 * the service's code), and read only by the SQL function `merchant_search_payments`.
 */
export const paymentSearchKeys = pgTable(
  'payment_search_keys',
  {
    merchantId: uuid('merchant_id').notNull(),
    providerReference: text('provider_reference').notNull(),
    paymentId: uuid('payment_id').notNull(),
    paymentCreatedAt: timestamp('payment_created_at', { withTimezone: true, precision: 3 }).notNull(),
    billReference: text('bill_reference'),
    payerPhoneReversed: text('payer_phone_reversed'),
  },
  (table) => [
    uniqueIndex('payment_search_keys_reference_idx').on(table.merchantId, table.providerReference, table.paymentId),
    index('payment_search_keys_bill_reference_idx').on(table.merchantId, table.billReference).where(sql`${table.billReference} IS NOT NULL`),
    index('payment_search_keys_phone_idx')
      .on(table.merchantId, sql`${table.payerPhoneReversed} text_pattern_ops`)
      .where(sql`${table.payerPhoneReversed} IS NOT NULL`),
  ],
);
