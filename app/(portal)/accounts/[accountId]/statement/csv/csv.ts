import { csvLine } from '@/app/(portal)/payments/export/csv';
import { plainAmount } from '@/components/payments/amounts';
import type { AccountStatement, StatementEntry } from '@/components/statements/types';
import { entryKinds } from '@/components/statements/words';

/** An instant as Nairobi wall-clock time with its offset: "2026-03-10 14:05:09 +03:00". */
function nairobiTime(iso: string): string {
  const local = new Date(Date.parse(iso) + 3 * 60 * 60 * 1000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} +03:00`;
}

const HEADER = ['When (Nairobi time)', 'What', 'Description', 'Amount', 'Balance', 'Fees charged', 'Currency', 'Payment ID', 'Entry ID'];

/**
 * The statement as CSV: the opening balance, one line per entry in ledger order, the closing
 * balance. Amounts are plain decimals with the currency's digits (no grouping), as spreadsheets
 * read them; every description is the service's own text, so none can start a formula.
 */
export function statementCsv(statement: AccountStatement): string {
  const money = (amount: number) => plainAmount(amount, statement.currency);
  const entry = (row: StatementEntry) => [
    nairobiTime(row.createdAt),
    entryKinds[row.type],
    row.description,
    money(row.amount),
    money(row.balanceAfter),
    money(row.feeBalanceAfter),
    statement.currency,
    row.paymentId ?? '',
    row.id,
  ];
  return [
    csvLine(HEADER),
    csvLine([nairobiTime(statement.periodStart), 'Opening balance', `Statement of ${statement.accountNumber} from ${statement.from}`, '', money(statement.openingBalance), money(statement.openingFeeBalance), statement.currency, '', '']),
    ...statement.entries.map((row) => csvLine(entry(row))),
    csvLine([nairobiTime(statement.periodEnd), 'Closing balance', `Statement of ${statement.accountNumber} to ${statement.to}`, '', money(statement.closingBalance), money(statement.closingFeeBalance), statement.currency, '', '']),
  ].join('');
}
