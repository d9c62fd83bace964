import { and, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '@/lib/api/scope';
import { visibleTo } from '@/lib/api/scope';
import { phoneSearchDigits } from '@/lib/platform/phone';
import { payments } from './schema';
import type { PaymentListFilters } from './schemas';

type Filters = Omit<PaymentListFilters, 'limit' | 'cursor'>;

const RECEIPT = /^[A-Za-z0-9]{6,30}$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A value of the search as the planner does not look into: `(select $n)`, one scalar subquery run
 * once per statement, which the indexes read like the parameter itself. Why: the payments list is
 * a prepared statement (lib/payments/queries.ts), and PostgreSQL keeps its generic plan only when
 * that looks no dearer than plans made for each call's values. With the values in sight, the
 * estimates for an exact receipt or bill reference were lower than the generic plan's, so every
 * search was planned again, over every month partition of payments (migration 0034): 2.8 ms where
 * one table took 0.55 (docs/scaling.md, "Bills, statements, the search box and ledger:check").
 * Hidden, both plans estimate alike and the generic one is kept after the fifth search.
 */
const searched = (value: string): SQL => sql`(select ${value}::text)`;

/**
 * What a support person types first: a receipt, a phone, a bill reference or a name. Each
 * reading uses its own index (reference, reversed phone prefix, bill reference, name trigrams).
 */
export function searchCondition(q: string): SQL {
  const hasDigit = /\d/.test(q);
  const hasLetter = /[A-Za-z]/.test(q);
  // A bill reference or a provider reference can be anything the payer or bank typed: always exact.
  const readings: SQL[] = [sql`${payments.billReference} = ${searched(q)}`, sql`${payments.providerReference} = ${searched(q)}`];
  if (RECEIPT.test(q) && hasLetter && hasDigit) readings.push(sql`${payments.providerReference} = ${searched(q.toUpperCase())}`);
  // A whole number in any form people type (0712…, +254 712…, 254712…) or its last digits.
  const suffix = phoneSearchDigits(q);
  if (suffix) readings.push(phoneEndingIn(suffix));
  // Names have no digits; receipts and phones always do, so they skip the (costlier) name search.
  if (!hasDigit && q.length >= 3) readings.push(sql`${payments.payerName} ilike ${searched('%' + escapeLike(q) + '%')}`);
  return or(...readings)!;
}

/**
 * Phones ending in these digits: their reversed digits start with the reversed suffix, read as the
 * range of strings from that prefix up to the next one (text_pattern_ops order, the index's). Not
 * `LIKE 'prefix%'`: the list is a prepared statement, and a generic plan cannot take a pattern's
 * prefix to the index (it read every payment of the merchant instead), a range it can (as the
 * operator's search, migration 0034). The digits are 0-9, so the next prefix is the last one + 1.
 */
function phoneEndingIn(digits: string): SQL {
  const from = digits.split('').reverse().join('');
  const to = from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1);
  return sql`(${payments.payerPhoneReversed} ~>=~ ${searched(from)} and ${payments.payerPhoneReversed} ~<~ ${searched(to)})`;
}

/** NEEDS_ATTENTION and not yet dealt with, as the partial index payments_merchant_attention_idx reads it. */
const waiting = sql`(${payments.matchStatus} = 'NEEDS_ATTENTION' and ${payments.attentionResolvedAt} is null)`;
const needsAttention = (wanted: boolean): SQL => (wanted ? waiting : sql`not ${waiting}`);

/** Every filter of the payments list and summary, always within what the caller may see. */
export function paymentConditions(principal: TenantScope, filters: Filters): SQL {
  return and(
    visibleTo(principal, payments),
    filters.from ? gte(payments.receivedAt, new Date(filters.from)) : undefined,
    filters.to ? lt(payments.receivedAt, new Date(filters.to)) : undefined,
    filters.channel ? eq(payments.channel, filters.channel) : undefined,
    filters.virtualAccountId ? eq(payments.virtualAccountId, filters.virtualAccountId) : undefined,
    filters.expectedPaymentId ? eq(payments.expectedPaymentId, filters.expectedPaymentId) : undefined,
    filters.customerId ? eq(payments.customerId, filters.customerId) : undefined,
    filters.subMerchantId ? eq(payments.subMerchantId, filters.subMerchantId) : undefined,
    filters.minAmount ? gte(payments.amount, filters.minAmount) : undefined,
    filters.maxAmount ? lte(payments.amount, filters.maxAmount) : undefined,
    filters.matchStatus ? eq(payments.matchStatus, filters.matchStatus) : undefined,
    filters.needsAttention ? needsAttention(filters.needsAttention === 'true') : undefined,
    filters.attentionDealtWith ? sql`${payments.attentionResolvedAt} is not null` : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  )!;
}
