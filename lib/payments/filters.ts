import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '@/lib/api/scope';
import { visibleTo } from '@/lib/api/scope';
import { phoneSearchDigits } from '@/lib/platform/phone';
import { payments } from './schema';
import type { PaymentListFilters } from './schemas';

type Filters = Omit<PaymentListFilters, 'limit' | 'cursor'>;

const RECEIPT = /^[A-Za-z0-9]{6,30}$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What a support person types first: a receipt, a phone, a bill reference or a name, read every
 * way it may be meant by the SQL function `merchant_search_payments` (migration 0038): a bill
 * reference or a provider reference as typed (anything the payer or bank typed: always exact), a
 * receipt in capitals, a whole number in any form people type (0712…, +254 712…, 254712…) or its
 * last digits, and a name. The function finds the first three in `payment_search_keys`, one plain
 * table, and then reads only the months of payments that hold them (docs/scaling.md, "A merchant's
 * search box: the search keys"); a reading that does not apply is NULL.
 */
function searchedPayments(merchantId: string, q: string): SQL {
  const hasDigit = /\d/.test(q);
  const hasLetter = /[A-Za-z]/.test(q);
  const upper = RECEIPT.test(q) && hasLetter && hasDigit && q.toUpperCase() !== q ? q.toUpperCase() : null;
  const phone = phoneSearchDigits(q);
  const range = phone ? phoneRange(phone) : { from: null, to: null };
  // Names have no digits; receipts and phones always do, so they skip the (costlier) name search.
  const nameLike = !hasDigit && q.length >= 3 ? '%' + escapeLike(q) + '%' : null;
  return sql`merchant_search_payments(${merchantId}::uuid, ${q}::text, ${upper}::text, ${range.from}::text, ${range.to}::text, ${nameLike}::text) as ${payments}`;
}

/**
 * Phones ending in these digits: their reversed digits start with the reversed suffix, read as the
 * range of strings from that prefix up to the next one (text_pattern_ops order, the index's). Not
 * `LIKE 'prefix%'`: a generic plan cannot take a pattern's prefix to the index, a range it can
 * (as the operator's search, migration 0034). The digits are 0-9, so the next prefix is the last one + 1.
 */
function phoneRange(digits: string): { from: string; to: string } {
  const from = digits.split('').reverse().join('');
  return { from, to: from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1) };
}

/** NEEDS_ATTENTION and not yet dealt with, as the partial index payments_merchant_attention_idx reads it. */
const waiting = sql`(${payments.matchStatus} = 'NEEDS_ATTENTION' and ${payments.attentionResolvedAt} is null)`;
const needsAttention = (wanted: boolean): SQL => (wanted ? waiting : sql`not ${waiting}`);

/**
 * The payments the list, the summary and the daily totals read: `from` names them as `payments`
 * (the merchant's payments, or those its search box names) and `where` holds every other filter,
 * always within what the caller may see.
 */
export function paymentsMatching(principal: TenantScope, filters: Filters): { from: SQL; where: SQL } {
  const from = filters.q ? searchedPayments(principal.merchantId, filters.q) : sql`${payments}`;
  return { from, where: paymentConditions(principal, filters) };
}

function paymentConditions(principal: TenantScope, filters: Filters): SQL {
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
  )!;
}
