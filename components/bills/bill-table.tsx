import Link from '@/components/ui/link';
import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { stillDue } from './bill-details';
import { BillStatusBadge } from './bill-status';
import type { Bill } from './types';

/** Bills newest first, as the service lists them: the last column shows that order's time, when each was created. */
export function BillTable({ bills, caption }: { bills: Bill[]; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Reference</Th>
          <Th>Customer</Th>
          <Th className="text-right">Amount</Th>
          <Th className="text-right">Still due</Th>
          <Th>Status</Th>
          <Th>Invoice account</Th>
          <Th>Expires</Th>
          <Th>Created</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {bills.map((bill) => (
          <tr key={bill.id}>
            <Td label="Reference">
              <Link href={`/bills/${bill.id}`} className="font-mono font-medium text-brand-800 underline-offset-2 hover:underline">
                {bill.paymentReference}
              </Link>
            </Td>
            <Td label="Customer">
              {bill.customerId ? (
                <Link href={`/customers/${bill.customerId}`} className="text-brand-800 underline-offset-2 hover:underline">
                  {bill.customerName ?? 'Customer'}
                </Link>
              ) : (
                <span className="text-slate-500">None</span>
              )}
            </Td>
            <Td label="Amount" className={numeric}>{formatMoney(bill.amount, bill.currency)}</Td>
            <Td label="Still due" className={numeric}>
              {stillDue(bill) === undefined ? (
                <span className="text-slate-500" title="No longer payable">
                  —<span className="sr-only">no longer payable</span>
                </span>
              ) : (
                formatMoney(stillDue(bill)!, bill.currency)
              )}
            </Td>
            <Td label="Status">
              <BillStatusBadge status={bill.status} />
            </Td>
            <Td label="Invoice account" className="font-mono">{bill.virtualAccountNumber ?? <span className="font-sans text-slate-500">None</span>}</Td>
            <Td label="Expires" className="whitespace-nowrap">
              <DateTime value={bill.expiresAt} />
            </Td>
            <Td label="Created" className="whitespace-nowrap">
              <DateTime value={bill.createdAt} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
