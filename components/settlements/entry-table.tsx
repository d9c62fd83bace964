import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import type { SettlementEntry } from './types';
import { entryKindLabel } from './words';

/** The payments (and reversals of settled payments) one settlement covers; a reversal's net is negative. */
export function EntryTable({ entries, currency }: { entries: SettlementEntry[]; currency: string }) {
  return (
    <Table caption="Payments and reversals in this settlement">
      <thead>
        <tr>
          <Th>When</Th>
          <Th>Kind</Th>
          <Th>Receipt or reference</Th>
          <Th className="text-right">Amount</Th>
          <Th className="text-right">Fee</Th>
          <Th className="text-right">Net</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {entries.map((entry) => (
          <tr key={`${entry.kind}-${entry.paymentId}`}>
            <Td label="When" className="whitespace-nowrap">
              <DateTime value={entry.occurredAt} />
            </Td>
            <Td label="Kind">{entryKindLabel[entry.kind]}</Td>
            <Td label="Receipt or reference">
              <a href={`/payments/${entry.paymentId}`} className="font-mono font-medium text-brand-800 underline-offset-2 hover:underline">
                {entry.providerReference}
              </a>
            </Td>
            <Td label="Amount" className={numeric}>{formatMoney(entry.amount, currency)}</Td>
            <Td label="Fee" className={numeric}>{formatMoney(entry.feeAmount, currency)}</Td>
            <Td label="Net" className={numeric}>{formatMoney(entry.netAmount, currency)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
