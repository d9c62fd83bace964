import { moneyJson, timestampJson } from '@/lib/api/serialize';
import type { payments } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment as the API returns it (the spec leaves its fields to us: see docs/payments.md). */
export const toPaymentJson = (payment: PaymentRow) => ({
  id: payment.id,
  merchantId: payment.merchantId,
  subMerchantId: payment.subMerchantId,
  virtualAccountId: payment.virtualAccountId,
  accountNumber: payment.accountNumber,
  customerId: payment.customerId,
  expectedPaymentId: payment.expectedPaymentId,
  channel: payment.channel,
  amount: moneyJson(payment.amount),
  feeAmount: moneyJson(payment.feeAmount),
  netAmount: moneyJson(payment.netAmount),
  overpaidAmount: moneyJson(payment.overpaidAmount),
  currency: payment.currency,
  payerName: payment.payerName,
  payerPhone: payment.payerPhone,
  payerAccount: payment.payerAccount,
  providerReference: payment.providerReference,
  billReference: payment.billReference,
  narration: payment.narration,
  matchStatus: payment.matchStatus,
  status: payment.status,
  attention: payment.attentionResolution
    ? {
        resolution: payment.attentionResolution,
        note: payment.attentionNote,
        movedFromExpectedPaymentId: payment.movedFromExpectedPaymentId,
        resolvedAt: timestampJson(payment.attentionResolvedAt!),
      }
    : null,
  settlementId: payment.settlementId,
  feeRule: payment.feeRule ?? null,
  receivedAt: timestampJson(payment.receivedAt),
  createdAt: timestampJson(payment.createdAt),
});
