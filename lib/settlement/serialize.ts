import { moneyJson, nullableTimestampJson, timestampJson } from '@/lib/api/serialize';
import type { SettlementItemRow, SettlementRow } from './schema';

/**
 * A settlement as the API, its events and webhooks show it. Money as in payments' JSON (numbers
 * made from the exact NUMERIC text: lib/api/serialize.ts); the destination is already masked.
 */
export const toSettlementJson = (settlement: SettlementRow) => ({
  id: settlement.id,
  currency: settlement.currency,
  subMerchantId: settlement.subMerchantId,
  grossAmount: moneyJson(settlement.grossAmount),
  feeAmount: moneyJson(settlement.feeAmount),
  reversalAmount: moneyJson(settlement.reversalAmount),
  broughtForward: moneyJson(settlement.broughtForward),
  carriedForward: moneyJson(settlement.carriedForward),
  amount: moneyJson(settlement.amount),
  status: settlement.status,
  settlementAccountId: settlement.settlementAccountId,
  destination: settlement.destination,
  rail: settlement.rail,
  origin: settlement.origin,
  scheduledFor: settlement.scheduledFor,
  createdAt: timestampJson(settlement.createdAt),
  processingAt: nullableTimestampJson(settlement.processingAt),
  paidAt: nullableTimestampJson(settlement.paidAt),
  failedAt: nullableTimestampJson(settlement.failedAt),
  returnedAt: nullableTimestampJson(settlement.returnedAt),
  failureReason: settlement.failureReason,
  providerReference: settlement.providerReference,
  entryCount: settlement.entryCount,
});
export type SettlementJson = ReturnType<typeof toSettlementJson>;

/** One payment (or a settled payment's reversal) a settlement covers; netAmount is negative for a REVERSAL. */
export const toSettlementEntryJson = (item: SettlementItemRow) => ({
  kind: item.kind,
  paymentId: item.paymentId,
  providerReference: item.providerReference,
  amount: moneyJson(item.amount),
  feeAmount: moneyJson(item.feeAmount),
  netAmount: moneyJson(item.netAmount),
  occurredAt: timestampJson(item.occurredAt),
});
export type SettlementEntryJson = ReturnType<typeof toSettlementEntryJson>;
