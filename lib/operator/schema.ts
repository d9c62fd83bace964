import { sql } from 'drizzle-orm';
import { char, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '@/lib/auth/schema';
import { merchants } from '@/lib/merchants/schema';

export const approvalKinds = ['PRICING', 'COLLECTION_ACCOUNT'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];
export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A change that waits for a second PLATFORM_ADMIN (four eyes): a merchant's pricing in one
 * currency, or a collection account that already received credits. Applied in the transaction that
 * approves it; the database refuses an approval by the asker (operator_approvals_four_eyes).
 */
export const operatorApprovals = pgTable(
  'operator_approvals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: approvalKinds }).notNull(),
    /** The merchant priced (PRICING); null for a collection account, which is the provider's own. */
    merchantId: uuid('merchant_id').references(() => merchants.id),
    currency: char('currency', { length: 3 }).notNull(),
    /** PRICING: { schedule } of that currency; COLLECTION_ACCOUNT: { accountNumber, bankName, branch }. */
    proposal: jsonb('proposal').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: approvalStatuses }).notNull().default('PENDING'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedByLabel: text('requested_by_label').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedByLabel: text('decided_by_label'),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note'),
  },
  (table) => [
    check('operator_approvals_kind_check', sql`${table.kind} in ('PRICING', 'COLLECTION_ACCOUNT')`),
    check('operator_approvals_status_check', sql`${table.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check('operator_approvals_merchant_of_kind', sql`(${table.kind} = 'PRICING') = (${table.merchantId} is not null)`),
    check('operator_approvals_four_eyes', sql`${table.status} <> 'APPROVED' or ${table.decidedBy} <> ${table.requestedBy}`),
    check('operator_approvals_decided', sql`(${table.status} = 'PENDING') = (${table.decidedAt} is null)`),
    index('operator_approvals_status_idx').on(table.status, table.requestedAt.desc(), table.id.desc()),
  ],
);
export type OperatorApprovalRow = typeof operatorApprovals.$inferSelect;
