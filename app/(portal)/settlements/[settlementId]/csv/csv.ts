import { plainAmount } from '@/components/payments/amounts';
import type { EntryTotals, Settlement, SettlementEntry } from '@/components/settlements/types';
import { entryKindLabel } from '@/components/settlements/words';
import { csvLine } from '@/app/(portal)/payments/export/csv';

/** An instant as Nairobi wall-clock time with its offset, as the payments export writes it. */
function nairobiTime(iso: string): string {
  const local = new Date(Date.parse(iso) + 3 * 60 * 60 * 1000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} +03:00`;
}

/** Receipts are M-Pesa's or a bank's; kept as text all the same if one ever starts like a formula. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const headers = ['When (Nairobi time)', 'Kind', 'Receipt or reference', 'Amount', 'Fee', 'Net amount', 'Currency', 'Payment ID', 'Settlement ID'];

export const headerLine = () => csvLine(headers);

export const entryLine = (settlement: Settlement, entry: SettlementEntry) =>
  csvLine([
    nairobiTime(entry.occurredAt),
    entryKindLabel[entry.kind],
    asText(entry.providerReference),
    plainAmount(entry.amount, settlement.currency),
    plainAmount(entry.feeAmount, settlement.currency),
    plainAmount(entry.netAmount, settlement.currency),
    settlement.currency,
    entry.paymentId,
    settlement.id,
  ]);

/**
 * The last line: the settlement's totals as the service computes them, so a reader can check the
 * rows against them (the net column sums to the amount paid out).
 */
export const totalsLine = (settlement: Settlement, totals: EntryTotals) => carryLines(settlement, totals) + totalLine(settlement, totals);

/** Cents carried between settlements paid to M-Pesa (whole shillings only): a net-only line each, so the net column still sums. */
function carryLines(settlement: Settlement, totals: EntryTotals): string {
  const lines: [string, number][] = [
    ['Brought forward', Number(totals.broughtForward)],
    ['Carried forward', -Number(totals.carriedForward)],
  ];
  return lines
    .filter(([, net]) => net !== 0)
    .map(([label, net]) => csvLine(['', label, '', '', '', plainAmount(net, settlement.currency), settlement.currency, '', settlement.id]))
    .join('');
}

const totalLine = (settlement: Settlement, totals: EntryTotals) =>
  csvLine([
    'Total',
    `${totals.entryCount} entries; reversals ${plainAmount(totals.reversalAmount, settlement.currency)}`,
    '',
    plainAmount(totals.grossAmount, settlement.currency),
    plainAmount(totals.feeAmount, settlement.currency),
    plainAmount(totals.amount, settlement.currency),
    settlement.currency,
    '',
    settlement.id,
  ]);
