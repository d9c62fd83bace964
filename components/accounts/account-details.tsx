import Link from '@/components/ui/link';
import type { ReactNode } from 'react';
import { CopyableCode } from '@/components/ui/copyable-code';
import { DateTime } from '@/components/ui/date-time';
import { DetailList, type Detail } from '@/components/ui/detail-list';
import { formatMoney } from '@/lib/portal/money';
import { AccountStatusBadge } from './account-status-badge';
import type { Account } from './types';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

/** Whom the account collects for, as a sentence or a link to that record. */
function ownerOf(account: Account, subMerchantName: string | undefined): ReactNode {
  switch (account.ownerType) {
    case 'MERCHANT':
      return 'Your business as a whole';
    case 'SUB_MERCHANT':
      return subMerchantName ? `${subMerchantName} (sub-merchant)` : 'One of your sub-merchants';
    case 'CUSTOMER':
      return (
        <Link href={`/customers/${account.ownerId}`} className={linkClass}>
          The customer this account belongs to
        </Link>
      );
    case 'EXPECTED_PAYMENT':
      return (
        <Link href={`/bills/${account.ownerId}`} className={linkClass}>
          The bill this account was made for
        </Link>
      );
  }
}

/** The account's fields in a merchant's words, each with what it means where that is not obvious. */
export function AccountDetails({ account, subMerchantName }: { account: Account; subMerchantName?: string }) {
  const items: Detail[] = [
    {
      term: 'Account number',
      detail: <CopyableCode value={account.accountNumber} what="account number" />,
      note: 'Payers enter this as the M-Pesa account number, or send bank transfers to it.',
    },
    { term: 'Account name', detail: account.accountName, note: 'The name payers see when they pay.' },
    { term: 'Bank', detail: account.bankDisplayName },
    { term: 'Currency', detail: account.currency },
    { term: 'Kind of account', detail: account.purposeLabel, note: account.purposeDescription },
    { term: 'How long it lasts', detail: account.accountTypeLabel, note: account.accountTypeDescription },
    { term: 'Collects for', detail: ownerOf(account, subMerchantName) },
    { term: 'Status', detail: <AccountStatusBadge status={account.status} /> },
    { term: 'Balance', detail: <span className="tabular-nums">{formatMoney(account.balance, account.currency)}</span> },
    {
      term: 'Fees charged',
      detail: <span className="tabular-nums">{formatMoney(account.feeBalance, account.currency)}</span>,
      note: 'Collection fees on this account so far; they are kept apart from the balance.',
    },
    {
      term: 'Largest single payment accepted',
      detail: account.singleDepositLimit === null ? 'No limit' : formatMoney(account.singleDepositLimit, account.currency),
    },
    { term: 'Stops accepting payments', detail: account.expireAt ? <DateTime value={account.expireAt} /> : 'Never: it stays open until closed' },
    { term: 'Opened', detail: <DateTime value={account.createdAt} /> },
  ];
  return <DetailList items={items} />;
}
