import { moneyJson, timestampJson } from '@/lib/api/serialize';
import type { BillView } from './queries';

/**
 * The spec's Expected payment object. virtualAccountId and virtualAccountNumber are typed as
 * strings "present when an invoice account was provisioned", so without one they are left out.
 */
export const toExpectedPaymentJson = (bill: BillView) => ({
  id: bill.id,
  merchantId: bill.merchantId,
  subMerchantId: bill.subMerchantId,
  customerId: bill.customerId,
  ...(bill.customerName !== undefined ? { customerName: bill.customerName } : {}),
  paymentReference: bill.paymentReference,
  description: bill.description,
  amount: moneyJson(bill.amount),
  amountPaid: moneyJson(bill.amountPaid),
  currency: bill.currency,
  status: bill.status,
  expiresAt: timestampJson(bill.expiresAt),
  matchedCreditId: bill.matchedCreditId,
  ...(bill.virtualAccountId && bill.virtualAccountNumber
    ? { virtualAccountId: bill.virtualAccountId, virtualAccountNumber: bill.virtualAccountNumber }
    : {}),
  createdAt: timestampJson(bill.createdAt),
});
