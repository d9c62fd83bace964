import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { money, virtualAccounts } from '@/lib/accounts/schema';
import { merchants } from '@/lib/merchants/schema';

export const stkStatuses = ['PENDING', 'COMPLETED', 'FAILED', 'TIMED_OUT'] as const;
export type StkStatus = (typeof stkStatuses)[number];

/** A phone prompt (M-Pesa STK push) asking a payer to approve a payment with their PIN. */
export const stkInitiations = pgTable(
  'stk_initiations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: uuid('sub_merchant_id'),
    virtualAccountId: uuid('virtual_account_id')
      .notNull()
      .references(() => virtualAccounts.id),
    accountNumber: text('account_number').notNull(),
    expectedPaymentId: uuid('expected_payment_id'),
    customerId: uuid('customer_id'),
    phone: text('phone').notNull(),
    amount: money('amount').notNull(),
    description: text('description'),
    status: text('status', { enum: stkStatuses }).notNull().default('PENDING'),
    /** Daraja's ResultCode and a sentence a merchant understands. */
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    provider: text('provider', { enum: ['DARAJA', 'SIMULATOR'] }).notNull(),
    checkoutRequestId: text('checkout_request_id'),
    merchantRequestId: text('merchant_request_id'),
    paymentId: uuid('payment_id'),
    /** The payer link the payer asked for this prompt from ("asked by the payer"); null for the merchant's own. */
    payerLinkToken: text('payer_link_token'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    unique('stk_initiations_checkout_key').on(table.checkoutRequestId),
    index('stk_initiations_merchant_created_idx').on(table.merchantId, table.createdAt.desc(), table.id.desc()),
    index('stk_initiations_pending_idx').on(table.createdAt).where(sql`${table.status} = 'PENDING'`),
    // A payment's prompt, for the operator's view of the payment (migration 0030).
    index('stk_initiations_payment_idx').on(table.paymentId).where(sql`${table.paymentId} IS NOT NULL`),
    index('stk_initiations_payer_link_idx').on(table.payerLinkToken).where(sql`${table.payerLinkToken} IS NOT NULL`),
  ],
);
