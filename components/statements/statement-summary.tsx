import { formatMoney } from '@/lib/portal/money';
import type { AccountStatement } from './types';

/** The period at a glance: where it opened, what came in and went out, where it closed. */
export function StatementSummary({ statement }: { statement: AccountStatement }) {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  const figures: [string, string][] = [
    ['Opening balance', money(statement.openingBalance)],
    ['Money in', money(statement.totalCredits)],
    ['Money out', money(statement.totalDebits)],
    ['Paid out', money(statement.totalPaidOut)],
    ['Closing balance', money(statement.closingBalance)],
    ['Fees this period', money(statement.totalFees)],
  ];
  return (
    <dl className="statement-keep grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-6">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
