import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { SettlementStatusBadge } from './status-badge';
import type { Settlement } from './types';

/** Settlements, newest first; the date opens the settlement (plain links, as in the payments table). */
export function SettlementTable({ settlements, caption }: { settlements: Settlement[]; caption: string }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Created</Th>
          <Th>Status</Th>
          <Th>To</Th>
          <Th className="text-right">Payments</Th>
          <Th className="text-right">Collected</Th>
          <Th className="text-right">Fees</Th>
          <Th className="text-right">Paid out</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {settlements.map((settlement) => (
          <tr key={settlement.id}>
            <Td label="Created" className="whitespace-nowrap">
              <a href={`/settlements/${settlement.id}`} className="font-medium text-brand-800 underline-offset-2 hover:underline" aria-label={`Settlement of ${formatMoney(settlement.amount, settlement.currency)}, created`}>
                <DateTime value={settlement.createdAt} />
              </a>
            </Td>
            <Td label="Status">
              <SettlementStatusBadge status={settlement.status} />
            </Td>
            <Td label="To">{settlement.destination}</Td>
            <Td label="Payments" className={numeric}>{settlement.entryCount}</Td>
            <Td label="Collected" className={numeric}>{formatMoney(settlement.grossAmount, settlement.currency)}</Td>
            <Td label="Fees" className={numeric}>{formatMoney(settlement.feeAmount, settlement.currency)}</Td>
            <Td label="Paid out" className={`${numeric} font-semibold`}>{formatMoney(settlement.amount, settlement.currency)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
