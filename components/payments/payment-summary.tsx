import { formatMoney } from '@/lib/portal/money';
import type { PaymentSummary } from './types';

const countFormat = new Intl.NumberFormat('en-GB');

/** The count, exact total, fees and net of what the list shows, summed by the service over every page. */
export function PaymentSummaryFigures({ summary, filtered }: { summary: PaymentSummary; filtered: boolean }) {
  return (
    <section aria-labelledby="payments-summary" className="mb-6">
      <h2 id="payments-summary" className="sr-only">
        Summary
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-sm font-medium text-slate-600">{filtered ? 'Payments matching' : 'Payments'}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
            {countFormat.format(summary.paymentCount)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-sm font-medium text-slate-600">Total received</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
            {formatMoney(summary.totalAmount, summary.currency)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-sm font-medium text-slate-600">Fees</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(summary.feeAmount, summary.currency)}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-sm font-medium text-slate-600">Net, after fees</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(summary.netAmount, summary.currency)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-600">Across every page of the list, in {summary.currency}.</p>
    </section>
  );
}
