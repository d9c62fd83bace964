import type { SettlementAccountRow } from './schema';

const DOTS = '••••';

/** An account number as answers show it: its last four digits ("••••6789"). */
export const maskAccountNumber = (number: string | null): string | null => (number === null ? null : `${DOTS}${number.slice(-4)}`);

/** A phone as answers show it: country and network prefix and the last four ("2547••••5678"). */
export const maskPhone = (phone: string | null): string | null =>
  phone === null ? null : phone.length <= 8 ? `${DOTS}${phone.slice(-4)}` : `${phone.slice(0, 4)}${DOTS}${phone.slice(-4)}`;

/**
 * Where a settlement goes, as the merchant recognises it without the whole number being shown:
 * "Equity Bank ••••6789", "M-Pesa 2547••••5678", "Paybill 888880 (ACC-1)" (a paybill is public).
 */
export function maskedDestination(account: Pick<SettlementAccountRow, 'kind' | 'bankName' | 'accountNumber' | 'phone' | 'paybill' | 'accountReference'>): string {
  switch (account.kind) {
    case 'BANK':
      return `${account.bankName ?? 'Bank'} ${maskAccountNumber(account.accountNumber) ?? ''}`.trim();
    case 'MPESA':
      return `M-Pesa ${maskPhone(account.phone) ?? ''}`.trim();
    case 'PAYBILL':
      return `Paybill ${account.paybill ?? ''}${account.accountReference ? ` (${account.accountReference})` : ''}`;
  }
}
