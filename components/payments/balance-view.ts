import type { Account } from '@/components/accounts/types';
import { decimalText } from '@/lib/money/decimal';
import { formatMoney } from '@/lib/portal/money';

/** An account's balance as the live panel shows it, formatted on the server. */
export interface BalanceView {
  balance: string;
  feeBalance: string;
  /** Exact decimal text, to tell a change from a repeat. */
  balanceValue: string;
  /** When the service was asked (ISO). */
  checkedAt: string;
}

export const balanceView = (account: Account, checkedAt = new Date()): BalanceView => ({
  balance: formatMoney(account.balance, account.currency),
  feeBalance: formatMoney(account.feeBalance, account.currency),
  balanceValue: decimalText(account.balance) ?? String(account.balance),
  checkedAt: checkedAt.toISOString(),
});
