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
 * What a support person types first: a receipt, a phone, a bill reference or a name. Each
 * reading uses its own index (reference, reversed phone prefix, bill reference, name trigrams).
 */
export function searchCondition(q: string): SQL {
  const hasDigit = /\d/.test(q);
  const hasLetter = /[A-Za-z]/.test(q);
  // A bill reference or a provider reference can be anything the payer or bank typed: always exact.
  const readings: SQL[] = [eq(payments.billReference, q), eq(payments.providerReference, q)];
  if (RECEIPT.test(q) && hasLetter && hasDigit) readings.push(eq(payments.providerReference, q.toUpperCase()));
  // A whole number in any form people type (0712…, +254 712…, 254712…) or its last digits.
  const suffix = phoneSearchDigits(q);
  if (suffix) readings.push(sql`${payments.payerPhoneReversed} like ${escapeLike(suffix.split('').reverse().join('')) + '%'}`);
  // Names have no digits; receipts and phones always do, so they skip the (costlier) name search.
  if (!hasDigit && q.length >= 3) readings.push(sql`${payments.payerName} ilike ${'%' + escapeLike(q) + '%'}`);
  return or(...readings)!;
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
