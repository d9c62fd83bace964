import { nullableTimestampJson, timestampJson } from '@/lib/api/serialize';
import { maskAccountNumber, maskedDestination, maskPhone } from './mask';
import type { SettlementAccountRow } from './schema';

/** How the account is named to people (audit summaries, emails): never the whole number. */
export const describeSettlementAccount = (account: SettlementAccountRow) => `${maskedDestination(account)} (${account.currency})`;

/** A settlement account as the API returns it: numbers masked. */
export const toSettlementAccountJson = (account: SettlementAccountRow) => ({
  id: account.id,
  kind: account.kind,
  currency: account.currency,
  subMerchantId: account.subMerchantId,
  accountName: account.accountName,
  bankName: account.bankName,
  bankCode: account.bankCode,
  branchCode: account.branchCode,
  accountNumber: maskAccountNumber(account.accountNumber),
  phone: maskPhone(account.phone),
  paybill: account.paybill,
  accountReference: account.accountReference,
  status: account.status,
  createdAt: timestampJson(account.createdAt),
  disabledAt: nullableTimestampJson(account.disabledAt),
});
export type SettlementAccountJson = ReturnType<typeof toSettlementAccountJson>;
