import Link from '@/components/ui/link';
import { formatDateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { axisTicks, weekStarts } from './chart-scale';
import type { DayTotal } from './types';
import './daily-chart.css';

// Noon UTC is the same calendar day in Nairobi, so the label is the day meant.
const dayLabel = (day: string) => formatDateTime(`${day}T12:00:00Z`, 'date');
const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const weekLabel = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));
const describe = (day: DayTotal, currency: string) =>
  `${dayLabel(day.day)}: ${formatMoney(day.totalAmount, currency)} in ${day.paymentCount} ${day.paymentCount === 1 ? 'payment' : 'payments'}`;

/** The ranges the chart offers, in days. */
export const chartRanges = [7, 30, 90] as const;
export type ChartRange = (typeof chartRanges)[number];

/**
 * Collections per day as bars drawn on the server in HTML: no chart library and no JavaScript.
 * Heights and the axis are only a picture (floating point is fine there); every figure in words
 * is formatted exactly. Each bar shows its day's figures on hover and on keyboard focus, and the
 * same figures are in a table for screen readers (and, opened, for anyone who wants the numbers).
 */
export function DailyChart({
  days,
  currency,
  note,
  range,
  rangeHref,
}: {
  days: DayTotal[];
  currency: string;
  note?: string;
  range: ChartRange;
  /** The address of the same page with another range. */
  rangeHref: (range: ChartRange) => string;
}) {
  const highest = days.reduce((best, day) => (day.totalAmount > best.totalAmount ? day : best), days[0]!);
  const ticks = axisTicks(highest.totalAmount);
  const top = ticks.at(-1)!;
  const mondays = weekStarts(days.map((day) => day.day));
  // A phone's chart is about 240 px wide: room for four or five week labels side by side.
  const phoneLabelStep = days.length > 31 ? 4 : days.length > 7 ? 2 : 1;
  return (
    <figure aria-labelledby="daily-chart-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span id="daily-chart-title" className="font-semibold text-slate-900">
          Collected per day, last {days.length} days
        </span>
        <nav aria-label="Chart range" className="flex gap-1 text-sm">
          {chartRanges.map((option) => (
            <Link
              key={option}
              href={rangeHref(option)}
              aria-current={option === range ? 'true' : undefined}
              className={`rounded-md px-2 py-1 font-medium ${option === range ? 'bg-brand-700 text-white' : 'text-brand-800 underline'}`}
            >
              {option} days
            </Link>
          ))}
        </nav>
      </figcaption>
      <p className="text-sm text-slate-600">
        {highest.totalAmount > 0 ? `Best day: ${describe(highest, currency)}.` : 'Nothing was collected in these days.'}
        {note && ` ${note}`}
      </p>
      <div className="mt-3 flex gap-2">
        <div className="relative h-44 w-14 shrink-0 text-right text-xs text-slate-600" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2 tabular-nums" style={{ bottom: `${(tick / top) * 100}%` }}>
              {formatAxis(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-44 min-w-0 flex-1">
          <div aria-hidden="true">
            {ticks.map((tick) => (
              <div key={tick} className="absolute inset-x-0 border-t border-slate-200" style={{ bottom: `${(tick / top) * 100}%` }} />
            ))}
          </div>
          <ul aria-label={`Amount collected each day, in ${currency}`} className="relative flex h-full items-end gap-px">
            {days.map((day) => (
              <li key={day.day} tabIndex={0} aria-label={describe(day, currency)} className="chart-day">
                <span className={day.totalAmount > 0 ? 'chart-bar chart-bar-some' : 'chart-bar'} style={{ height: `${(day.totalAmount / top) * 100}%` }} />
                <span role="tooltip" className="chart-tip">
                  {describe(day, currency)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="relative ml-16 mt-1 h-4 text-xs text-slate-600" aria-hidden="true">
        {mondays.map((index, nth) => (
          // The last label, near the right edge, ends at the chart's edge instead of starting at its bar, so
          // that it never spills past the chart nor runs into the week before it. On a phone fewer
          // weeks are labelled, counting back from the last (phoneLabelStep).
          <span
            key={index}
            className={`chart-week absolute whitespace-nowrap ${(mondays.length - 1 - nth) % phoneLabelStep !== 0 ? 'max-md:hidden' : ''}`}
            style={nth === mondays.length - 1 && index / days.length > 0.8 ? { right: 0 } : { left: `${(index / days.length) * 100}%` }}
          >
            {weekLabel(days[index]!.day)}
          </span>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600" aria-hidden="true">
        Amounts in {currency}; weeks start on Monday.
      </p>
      {/*
        One table of the figures, for screen readers always and on screen once "Show the figures" is
        opened (daily-chart.css): rendered once, not once hidden and once shown. Hidden by a wrapper:
        a table ignores `width`, so an sr-only table would still widen a phone's page.
      */}
      <details className="chart-figures-toggle mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Show the figures</summary>
      </details>
      <div className="chart-figures mt-2 text-sm">
        <Table caption={`Collected per day, in ${currency}`}>
          <FiguresRows days={days} currency={currency} />
        </Table>
      </div>
    </figure>
  );
}

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const formatAxis = (value: number) => compact.format(value);

function FiguresRows({ days, currency }: { days: DayTotal[]; currency: string }) {
  return (
    <>
      <thead>
        <tr>
          <Th>Day</Th>
          <Th className="text-right">Payments</Th>
          <Th className="text-right">Collected</Th>
          <Th className="text-right">Fees</Th>
          <Th className="text-right">Net</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {days.map((day) => (
          <tr key={day.day}>
            <Td label="Day" className="whitespace-nowrap">
              <time dateTime={day.day}>{dayLabel(day.day)}</time>
            </Td>
            <Td label="Payments" className={numeric}>{day.paymentCount}</Td>
            <Td label="Collected" className={numeric}>{formatMoney(day.totalAmount, currency)}</Td>
            <Td label="Fees" className={numeric}>{formatMoney(day.feeAmount, currency)}</Td>
            <Td label="Net" className={numeric}>{formatMoney(day.netAmount, currency)}</Td>
          </tr>
        ))}
      </tbody>
    </>
  );
}
