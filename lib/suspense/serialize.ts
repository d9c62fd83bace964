import { nullableMoneyJson, nullableTimestampJson, timestampJson } from '@/lib/api/serialize';
import type { suspensePayments } from '@/lib/payments/schema';

export type SuspenseRow = typeof suspensePayments.$inferSelect;

/** The flat fields suspend() keeps of what the rail sent (lib/payments/ingest.ts). */
export interface SuspensePayload {
  channel?: string;
  accountReference?: string;
  billReference?: string | null;
  payerName?: string | null;
  payerPhone?: string | null;
  payerAccount?: string | null;
  narration?: string | null;
}

export const payloadOf = (row: SuspenseRow) => (row.payload ?? {}) as SuspensePayload;

export function toSuspenseJson(row: SuspenseRow) {
  const payload = payloadOf(row);
  return {
    id: row.id,
    rail: row.rail,
    channel: (payload.channel ?? null) as 'MOBILE_MONEY' | 'INSTANT_BANK' | 'RTGS' | null,
    providerReference: row.providerReference,
    accountNumber: row.accountNumber,
    amount: nullableMoneyJson(row.amount),
    amountText: row.amountText,
    currency: row.currency,
    reason: row.reason,
    detail: row.detail,
    payerName: payload.payerName ?? null,
    payerPhone: payload.payerPhone ?? null,
    narration: payload.narration ?? null,
    receivedAt: timestampJson(row.receivedAt),
    status: row.status,
    virtualAccountId: row.virtualAccountId,
    subMerchantId: row.subMerchantId,
    resolvedPaymentId: row.resolvedPaymentId,
    resolvedAt: nullableTimestampJson(row.resolvedAt),
    resolutionNote: row.resolutionNote,
    returnRequestedAt: nullableTimestampJson(row.returnRequestedAt),
    createdAt: timestampJson(row.createdAt),
  };
}
