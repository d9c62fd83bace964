import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import type { BalanceEntry } from './types';

const kinds: Record<BalanceEntry['type'], string> = {
  CREDIT: 'Money in',
  DEBIT: 'Money out',
  FEE: 'Fee',
  SETTLEMENT: 'Paid out',
};

export function BalanceHistoryTable({ entries, currency }: { entries: BalanceEntry[]; currency: string }) {
  return (
    <Table caption="Balance history, newest first">
      <thead>
        <tr>
          <Th>When</Th>
          <Th>What</Th>
          <Th className="text-right">Amount</Th>
          <Th className="text-right">Balance after</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {entries.map((entry) => (
          <tr key={entry.id}>
            <Td label="When" className="whitespace-nowrap">
              <DateTime value={entry.createdAt} />
            </Td>
            <Td label="What">
              <span className="font-medium">{kinds[entry.type]}</span>
              {entry.description && <p className="text-slate-600">{entry.description}</p>}
            </Td>
            <Td label="Amount" className={numeric}>{formatMoney(entry.amount, currency)}</Td>
            <Td label="Balance after" className={numeric}>{entry.type === 'FEE' ? '—' : formatMoney(entry.balanceAfter, currency)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
