import { sql } from 'drizzle-orm';
import { char, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from '@/lib/accounts/schema';
import { paymentRails } from '@/lib/payments/schema';

/** REQUESTED waits for the rail; CONFIRMED moved the money back; FAILED left the payment as it was. */
export const reversalStatuses = ['REQUESTED', 'CONFIRMED', 'FAILED'] as const;
export type ReversalStatus = (typeof reversalStatuses)[number];

/** MERCHANT asked for it through the API or the portal; RAIL did it on its own (a bank's return). */
export const reversalOrigins = ['MERCHANT', 'RAIL'] as const;
export type ReversalOrigin = (typeof reversalOrigins)[number];

/**
 * Each attempt to give a payment's money back. Without foreign keys, as payments and balance
 * entries (see events' schema): ledger:check verifies that each one's payment exists.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    paymentId: uuid('payment_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    subMerchantId: uuid('sub_merchant_id'),
    virtualAccountId: uuid('virtual_account_id').notNull(),
    rail: text('rail', { enum: paymentRails }).notNull(),
    origin: text('origin', { enum: reversalOrigins }).notNull(),
    /** The user who asked (null for a rail's own return). */
    requestedBy: uuid('requested_by'),
    idempotencyKey: text('idempotency_key'),
    /** The whole payment: what goes back to the payer, and the fee refunded with it. */
    amount: money('amount').notNull(),
    feeAmount: money('fee_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status', { enum: reversalStatuses }).notNull().default('REQUESTED'),
    /** Daraja's ids from its acknowledgement; its Result quotes them. */
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    /** The rail's own reference of the reversal: M-Pesa's reversal receipt, the bank's return reference. */
    railReference: text('rail_reference'),
    resultCode: text('result_code'),
    /** Why it failed (or why the rail returned the money), as the rail said it. */
    reason: text('reason'),
    remarks: text('remarks'),
    /**
     * Why this REQUESTED reversal waits for an operator rather than the rail: its result did not
     * match the payment (another amount). The sweep never gives such a reversal up.
     */
    attention: text('attention'),
    /** The settlement that took a settled payment's reversal back from the merchant (migration 0023). */
    settlementId: uuid('settlement_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('payment_reversals_one_active_idx').on(table.paymentId).where(sql`${table.status} IN ('REQUESTED', 'CONFIRMED')`),
    uniqueIndex('payment_reversals_rail_reference_idx').on(table.rail, table.railReference).where(sql`${table.railReference} IS NOT NULL`),
    index('payment_reversals_account_waiting_idx').on(table.virtualAccountId).where(sql`${table.status} = 'REQUESTED'`),
    index('payment_reversals_conversation_idx').on(table.conversationId),
    index('payment_reversals_originator_conversation_idx').on(table.originatorConversationId),
    index('payment_reversals_payment_created_idx').on(table.paymentId, table.createdAt.desc(), table.id.desc()),
    index('payment_reversals_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    check('payment_reversals_status_check', sql`${table.status} IN ('REQUESTED', 'CONFIRMED', 'FAILED')`),
    check('payment_reversals_origin_check', sql`${table.origin} IN ('MERCHANT', 'RAIL')`),
    check('payment_reversals_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type ReversalRow = typeof paymentReversals.$inferSelect;
