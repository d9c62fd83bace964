import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import type { AccountStatement } from './types';
import { entryKinds } from './words';

/** Every entry of the period, oldest first, between its opening and closing balances. */
export function StatementTable({ statement }: { statement: AccountStatement }) {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  return (
    <Table caption={`Entries from ${statement.from} to ${statement.to}, oldest first`}>
      <thead>
        <tr>
          <Th>When</Th>
          <Th>What</Th>
          <Th className="text-right">Amount</Th>
          <Th className="text-right">Balance</Th>
          <Th className="text-right">Fees charged</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        <BalanceRow label="Opening balance" day={statement.periodStart} balance={money(statement.openingBalance)} fees={money(statement.openingFeeBalance)} testId="opening-balance" />
        {statement.entries.map((entry) => (
          <tr key={entry.id}>
            <Td label="When" className="whitespace-nowrap">
              <DateTime value={entry.createdAt} />
            </Td>
            <Td label="What">
              <span className="font-medium">{entryKinds[entry.type]}</span>
              <p className="text-slate-600">{entry.description}</p>
            </Td>
            <Td label="Amount" className={numeric}>{money(entry.amount)}</Td>
            <Td label="Balance" className={numeric}>{money(entry.balanceAfter)}</Td>
            <Td label="Fees charged" className={numeric}>{money(entry.feeBalanceAfter)}</Td>
          </tr>
        ))}
        <BalanceRow label="Closing balance" day={`${statement.to}T12:00:00+03:00`} balance={money(statement.closingBalance)} fees={money(statement.closingFeeBalance)} testId="closing-balance" />
      </tbody>
    </Table>
  );
}

/** The period's first or last row: a balance on a day, with no amount of its own. */
function BalanceRow({ label, day, balance, fees, testId }: { label: string; day: string; balance: string; fees: string; testId: string }) {
  return (
    <tr>
      <Td label="When" className="whitespace-nowrap">
        <DateTime value={day} style="date" />
      </Td>
      <Td label="What" className="font-medium">
        {label}
      </Td>
      <Td label="Amount" className={numeric} />
      <Td label="Balance" className={`${numeric} font-medium`} data-testid={testId}>
        {balance}
      </Td>
      <Td label="Fees charged" className={numeric}>{fees}</Td>
    </tr>
  );
}
