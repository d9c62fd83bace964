import type { MerchantRow } from '@/lib/merchants/directory';
import type { OperatorApprovalRow } from './schema';

export const toOperatorMerchantJson = (merchant: MerchantRow) => ({
  id: merchant.id,
  name: merchant.name,
  status: merchant.status,
  defaultCurrency: merchant.defaultCurrency,
  createdAt: merchant.createdAt.toISOString(),
  disabledAt: merchant.disabledAt?.toISOString() ?? null,
  disabledReason: merchant.disabledReason,
  merchantCategoryCode: merchant.merchantCategoryCode,
});

export const toApprovalJson = (row: OperatorApprovalRow, merchantName?: string) => ({
  id: row.id,
  kind: row.kind,
  merchant: row.merchantId ? { id: row.merchantId, name: merchantName ?? '' } : null,
  currency: row.currency,
  proposal: row.proposal,
  reason: row.reason,
  status: row.status,
  requestedBy: { id: row.requestedBy, label: row.requestedByLabel },
  requestedAt: row.requestedAt.toISOString(),
  decidedBy: row.decidedBy ? { id: row.decidedBy, label: row.decidedByLabel ?? '' } : null,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decisionNote: row.decisionNote,
});
