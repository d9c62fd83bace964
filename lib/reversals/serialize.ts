import { moneyJson, nullableTimestampJson, timestampJson } from '@/lib/api/serialize';
import type { ReversalRow } from './schema';

export const toReversalJson = (reversal: ReversalRow) => ({
  id: reversal.id,
  paymentId: reversal.paymentId,
  rail: reversal.rail,
  origin: reversal.origin,
  status: reversal.status,
  amount: moneyJson(reversal.amount),
  feeAmount: moneyJson(reversal.feeAmount),
  currency: reversal.currency,
  railReference: reversal.railReference,
  resultCode: reversal.resultCode,
  reason: reversal.reason,
  remarks: reversal.remarks,
  attention: reversal.attention,
  requestedBy: reversal.requestedBy,
  createdAt: timestampJson(reversal.createdAt),
  completedAt: nullableTimestampJson(reversal.completedAt),
});
