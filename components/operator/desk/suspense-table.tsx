import { displayPhone } from '@/lib/platform/phone';
import type { ReactNode } from 'react';
import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';

/** The fields of a suspense row the console shows, from the search or the suspense list. */
export interface SuspenseRowView {
  id: string;
  rail: string;
  providerReference: string;
  accountNumber: string | null;
  amount: number | null;
  amountText: string;
  currency: string;
  reason: string;
  detail: string | null;
  payerName: string | null;
  payerPhone: string | null;
  receivedAt: string;
  status: string;
  merchant: { id: string; name: string } | null;
}

/**
 * Money a rail confirmed that no account could take. `action` renders what may be done with a row
 * (the assign form, for an administrator); without it the table only shows.
 */
export function SuspenseTable({ rows, caption, action }: { rows: SuspenseRowView[]; caption: string; action?: (row: SuspenseRowView) => ReactNode }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Received</Th>
          <Th>Receipt or reference</Th>
          <Th>Account typed</Th>
          <Th>Payer</Th>
          <Th className="text-right">Amount</Th>
          <Th>Why held</Th>
          <Th>Whose</Th>
          {action && <Th>Assign</Th>}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={row.id}>
            <Td label="Received" className="whitespace-nowrap">
              <DateTime value={row.receivedAt} />
            </Td>
            <Td label="Receipt or reference" className="font-mono">
              {row.providerReference}
              <p className="text-xs text-slate-600">{row.rail === 'MPESA' ? 'M-Pesa' : 'Bank'}</p>
            </Td>
            <Td label="Account typed" className="font-mono">{row.accountNumber ?? <span className="text-slate-500">none</span>}</Td>
            <Td label="Payer">
              {row.payerName ?? <span className="text-slate-500">Name not given</span>}
              {row.payerPhone && <p className="font-mono whitespace-nowrap text-slate-600">{displayPhone(row.payerPhone)}</p>}
            </Td>
            <Td label="Amount" className={numeric}>{row.amount === null ? `${row.amountText} ${row.currency}` : formatMoney(row.amount, row.currency)}</Td>
            <Td label="Why held">{row.detail ?? row.reason}</Td>
            <Td label="Whose">{row.merchant ? row.merchant.name : <span className="text-slate-600">No merchant yet</span>}</Td>
            {action && <Td label="Assign">{action(row)}</Td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
