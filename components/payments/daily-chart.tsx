import { formatDateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import type { DayTotal } from './types';

const WIDTH = 720;
const HEIGHT = 160;
const GAP = 4;

// Noon UTC is the same calendar day in Nairobi, so the label is the day meant.
const dayLabel = (day: string) => formatDateTime(`${day}T12:00:00Z`, 'date');
const describe = (day: DayTotal, currency: string) =>
  `${dayLabel(day.day)}: ${formatMoney(day.totalAmount, currency)} from ${day.paymentCount} ${day.paymentCount === 1 ? 'payment' : 'payments'}`;

/**
 * Collections per day as bars drawn on the server: no chart library and no JavaScript. Heights
 * are only a picture (floating point is fine there); every figure in words is formatted exactly,
 * and the same figures are in a table for screen readers and anyone who wants the numbers.
 */
export function DailyChart({ days, currency, note }: { days: DayTotal[]; currency: string; note?: string }) {
  const highest = days.reduce((best, day) => (day.totalAmount > best.totalAmount ? day : best), days[0]!);
  const slot = WIDTH / days.length;
  const scale = highest.totalAmount > 0 ? (HEIGHT - 4) / highest.totalAmount : 0;
  const first = days[0]!;
  const last = days.at(-1)!;
  return (
    <figure aria-labelledby="daily-chart-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <figcaption id="daily-chart-title" className="font-semibold text-slate-900">
        Collected per day, last {days.length} days
      </figcaption>
      <p className="text-sm text-slate-600">
        {highest.totalAmount > 0 ? `Best day: ${describe(highest, currency)}.` : 'Nothing was collected in these days.'}
        {note && ` ${note}`}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-40 w-full"
        role="img"
        aria-label={`Bar chart of the amount collected each day from ${dayLabel(first.day)} to ${dayLabel(last.day)}; the table below has the figures.`}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300" strokeWidth={1} />
        {days.map((day, index) => {
          const height = Math.max(day.totalAmount * scale, day.totalAmount > 0 ? 2 : 0);
          return (
            <rect
              key={day.day}
              x={index * slot + GAP / 2}
              y={HEIGHT - height}
              width={slot - GAP}
              height={height}
              rx={2}
              className="fill-brand-600"
            >
              <title>{describe(day, currency)}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{dayLabel(first.day)}</span>
        <span>{dayLabel(last.day)}</span>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Show the figures</summary>
        <div className="mt-2">
          <Table caption={`Collected per day, in ${currency}`}>
            <thead>
              <tr>
                <Th>Day</Th>
                <Th className="text-right">Payments</Th>
                <Th className="text-right">Collected</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {days.map((day) => (
                <tr key={day.day}>
                  <Td className="whitespace-nowrap">
                    <time dateTime={day.day}>{dayLabel(day.day)}</time>
                  </Td>
                  <Td className={numeric}>{day.paymentCount}</Td>
                  <Td className={numeric}>{formatMoney(day.totalAmount, currency)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
