import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import type { PayoutBatch, PayoutBatches } from './types';

/** The bank settlements the next export takes, per currency, and the oldest of them. */
export function PendingPayouts({ pending }: { pending: PayoutBatches['pending'] }) {
  if (pending.totals.length === 0) return <p className="text-sm text-slate-600">No bank settlement is waiting for a file.</p>;
  return (
    <div className="space-y-3">
      <p className="text-slate-900">
        {pending.totals.map((total) => `${total.count} to pay, ${formatMoney(total.amount, total.currency)}`).join('; ')}
      </p>
      <Table caption="Bank settlements waiting, oldest first">
        <thead>
          <tr>
            <Th>Merchant</Th>
            <Th>To</Th>
            <Th className="text-right">Amount</Th>
            <Th>Since</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {pending.oldest.map((row) => (
            <tr key={row.id}>
              <Td label="Merchant">{row.merchant.name}</Td>
              <Td label="To">{row.destination}</Td>
              <Td label="Amount" className={numeric}>{formatMoney(row.amount, row.currency)}</Td>
              <Td label="Since"><DateTime value={row.createdAt} /></Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** Files exported, newest first: each downloads again, with the status reports that answered it. */
export function PayoutBatchTable({ batches }: { batches: PayoutBatch[] }) {
  return (
    <Table caption="pain.001 files exported, newest first">
      <thead>
        <tr>
          <Th>Exported</Th>
          <Th>File</Th>
          <Th className="text-right">Transfers</Th>
          <Th>Totals</Th>
          <Th>Bank&apos;s answer</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {batches.map((batch) => (
          <tr key={batch.id}>
            <Td label="Exported" className="whitespace-nowrap"><DateTime value={batch.createdAt} /></Td>
            <Td label="File">
              <a href={`/operator/payouts/${batch.id}/file`} download className="break-all font-mono text-brand-800 underline-offset-2 hover:underline">
                {batch.messageId}.xml
              </a>
            </Td>
            <Td label="Transfers" className={numeric}>{batch.transferCount}</Td>
            <Td label="Totals">{Object.entries(batch.totals).map(([currency, total]) => formatMoney(total.amount, currency)).join(', ')}</Td>
            <Td label="Bank's answer">
              {batch.statusReports.length === 0 ? (
                <span className="text-slate-600">No status report yet</span>
              ) : (
                batch.statusReports.map((report) => (
                  <p key={report.id}>
                    {report.paid} paid, {report.failed} failed, {report.pending} pending (<DateTime value={report.createdAt} />)
                  </p>
                ))
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
