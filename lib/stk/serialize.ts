import { moneyJson, timestampJson } from '@/lib/api/serialize';
import type { stkInitiations } from './schema';

export type StkRow = typeof stkInitiations.$inferSelect;

/** A phone prompt as the API returns it (the spec leaves its fields to us: see docs/rails.md). */
export const toStkInitiationJson = (row: StkRow) => ({
  id: row.id,
  status: row.status,
  phone: row.phone,
  amount: moneyJson(row.amount),
  accountNumber: row.accountNumber,
  expectedPaymentId: row.expectedPaymentId,
  customerId: row.customerId,
  description: row.description,
  createdAt: timestampJson(row.createdAt),
  updatedAt: timestampJson(row.updatedAt),
  failureCode: row.failureCode,
  failureReason: row.failureReason,
  paymentId: row.paymentId,
  checkoutRequestId: row.checkoutRequestId,
  merchantRequestId: row.merchantRequestId,
  askedByPayer: row.payerLinkToken !== null,
});
