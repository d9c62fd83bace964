import Link from '@/components/ui/link';
import { hrefWith } from '@/lib/portal/pagination';
import { formatMoney } from '@/lib/portal/money';
import { changeWords, type PeriodComparison } from './periods';

const countFormat = new Intl.NumberFormat('en-GB');

/** Today, the last 7 and 30 days: count, gross, fees and net, each against the period before. */
export function PeriodCards({ periods, currency }: { periods: PeriodComparison[]; currency: string }) {
  return (
    <section aria-labelledby="collected">
      <h2 id="collected" className="mb-3 text-lg font-semibold text-slate-900">
        Collected
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {periods.map((period) => {
          const href = hrefWith('/payments', { from: period.from, to: period.to });
          const id = `period-${period.label.toLowerCase().replaceAll(' ', '-')}`;
          return (
            <section key={period.label} aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4" data-period={period.label}>
              <h3 id={id} className="text-sm font-medium text-slate-600">
                {period.label}
              </h3>
              <p className="mt-1">
                <Link href={href} className="text-2xl font-semibold tabular-nums text-brand-800 underline-offset-4 hover:underline">
                  <span data-figure="gross">{formatMoney(period.current.gross, currency)}</span>
                  <span className="sr-only">, collected {period.label.toLowerCase()}: see these payments</span>
                </Link>
              </p>
              <p className="text-sm text-slate-600">{changeWords(period.current.gross, period.previous.gross, period.before)}.</p>
              <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                <div>
                  <dt className="text-slate-600">Payments</dt>
                  <dd className="font-medium tabular-nums text-slate-900" data-figure="count">
                    {countFormat.format(period.current.paymentCount)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Fees</dt>
                  <dd className="font-medium tabular-nums text-slate-900" data-figure="fees">
                    {formatMoney(period.current.fees, currency)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Net</dt>
                  <dd className="font-medium tabular-nums text-slate-900" data-figure="net">
                    {formatMoney(period.current.net, currency)}
                  </dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-slate-600">
                Before: {formatMoney(period.previous.gross, currency)} from {countFormat.format(period.previous.paymentCount)}{' '}
                {period.previous.paymentCount === 1 ? 'payment' : 'payments'}.
              </p>
            </section>
          );
        })}
      </div>
    </section>
  );
}
