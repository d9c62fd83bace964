import Link from '@/components/ui/link';
import { CopyableCode } from '@/components/ui/copyable-code';
import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { AccountStatusBadge } from './account-status-badge';
import type { Account } from './types';

export function AccountTable({ accounts }: { accounts: Account[] }) {
  return (
    <Table caption="Virtual accounts, newest first">
      <thead>
        <tr>
          <Th>Account</Th>
          <Th>Account number</Th>
          <Th className="text-right">Balance</Th>
          <Th>Status</Th>
          <Th>Opened</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {accounts.map((account) => (
          <tr key={account.id}>
            <Td label="Account">
              <Link href={`/accounts/${account.id}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                {account.purposeLabel}
              </Link>
              <p className="text-slate-600">{account.accountName}</p>
            </Td>
            <Td label="Account number">
              <CopyableCode value={account.accountNumber} what={`account number ${account.accountNumber}`} />
            </Td>
            <Td label="Balance" className={numeric}>{formatMoney(account.balance, account.currency)}</Td>
            <Td label="Status">
              <AccountStatusBadge status={account.status} />
            </Td>
            <Td label="Opened" className="whitespace-nowrap">
              <DateTime value={account.createdAt} style="date" />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
