import Link from '@/components/ui/link';
import { CopyableCode } from '@/components/ui/copyable-code';
import { DateTime } from '@/components/ui/date-time';
import { DetailList, type Detail } from '@/components/ui/detail-list';
import { decimalText, fromUnits, toUnits } from '@/lib/money/decimal';
import { formatMoney } from '@/lib/portal/money';
import { BillStatusBadge } from './bill-status';
import type { Bill } from './types';

const statusNote: Record<Bill['status'], string> = {
  OPEN: 'Waiting for payment.',
  PARTIALLY_PAID: 'Part of the amount has been paid; the rest is still due.',
  PAID: 'Paid in full.',
  EXPIRED: 'It passed its expiry without being paid in full, so it can no longer be paid.',
  CANCELLED: 'You cancelled it, so it can no longer be paid.',
};

/**
 * What is left to pay: nothing once paid (an overpaid bill too), and undefined once the bill is
 * expired or cancelled, when nothing more can be paid and "0" would read as settled.
 * (The bill's page shows the same figure in its payments' progress, once anything is paid.)
 */
export function stillDue(bill: Pick<Bill, 'amount' | 'amountPaid' | 'status'>): string | undefined {
  if (bill.status === 'CANCELLED' || bill.status === 'EXPIRED') return undefined;
  const left = toUnits(decimalText(bill.amount)!) - toUnits(decimalText(bill.amountPaid)!);
  return fromUnits(left > 0n ? left : 0n);
}

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

export function BillDetails({ bill, customerName }: { bill: Bill; customerName?: string }) {
  const items: Detail[] = [
    { term: 'Status', detail: <BillStatusBadge status={bill.status} />, note: statusNote[bill.status] },
    { term: 'Amount', detail: <span className="tabular-nums">{formatMoney(bill.amount, bill.currency)}</span> },
    ...(bill.description ? [{ term: 'Description', detail: bill.description }] : []),
    { term: 'Expires', detail: <DateTime value={bill.expiresAt} />, note: 'Nairobi time.' },
    {
      term: 'Invoice account number',
      detail:
        bill.virtualAccountNumber && bill.virtualAccountId ? (
          <span className="flex flex-wrap items-center gap-3">
            <CopyableCode value={bill.virtualAccountNumber} what="invoice account number" />
            <Link href={`/accounts/${bill.virtualAccountId}`} className={linkClass}>
              See the account
            </Link>
          </span>
        ) : (
          'None'
        ),
      note: bill.virtualAccountNumber
        ? 'A one-time account number for this bill alone.'
        : 'Payers pay your main account and quote the bill reference.',
    },
    {
      term: 'Customer',
      detail: bill.customerId ? (
        <Link href={`/customers/${bill.customerId}`} className={linkClass}>
          {customerName ?? bill.customerName ?? 'The customer billed'}
        </Link>
      ) : (
        'None'
      ),
    },
    { term: 'Raised', detail: <DateTime value={bill.createdAt} /> },
  ];
  return <DetailList items={items} />;
}
