import type { FormState } from '@/lib/portal/forms';

export const accountFields = [
  'kind',
  'currency',
  'subMerchantId',
  'accountName',
  'bankName',
  'bankCode',
  'branchCode',
  'accountNumber',
  'phone',
  'paybill',
  'accountReference',
  'code',
] as const;
export type AccountField = (typeof accountFields)[number];
export type AccountFormState = FormState<AccountField> & { ok?: boolean };

/** Minimum amounts travel as `minimum.KES`, `minimum.USD`…: their errors are keyed the same way. */
export type ScheduleFormState = FormState<string> & { ok?: boolean };
