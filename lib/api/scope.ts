import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Principal } from './principal';
import { notFound } from './errors';

/**
 * Whose rows a query reads: the caller's merchant (and sub-merchant), or, for the provider's
 * operator, the merchant it names explicitly as `{ merchantId, subMerchantId: null }` (docs/operator.md).
 */
export type TenantScope = Pick<Principal, 'merchantId' | 'subMerchantId'>;

/**
 * The rows a caller may see: its merchant's, and only its sub-merchant's when the user is
 * scoped to one. Every query of merchant data goes through this.
 */
export function visibleTo(principal: TenantScope, columns: { merchantId: AnyColumn; subMerchantId: AnyColumn }): SQL {
  return principal.subMerchantId
    ? and(eq(columns.merchantId, principal.merchantId), eq(columns.subMerchantId, principal.subMerchantId))!
    : eq(columns.merchantId, principal.merchantId);
}

/**
 * The sub-merchant a new record belongs to. A scoped user always creates for its own; naming
 * another is answered like an unknown id.
 */
export function subMerchantForCreate(principal: Principal, requested: string | null | undefined): string | null {
  if (!principal.subMerchantId) return requested ?? null;
  if (requested && requested !== principal.subMerchantId) throw notFound('The sub-merchant');
  return principal.subMerchantId;
}
