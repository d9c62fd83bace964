import type { RouteOutput } from '@/lib/client/types';
import type { billRoutes } from '@/lib/bills/routes';
import { hrefWith } from '@/lib/portal/pagination';
import { FigureLink } from './figure-link';

type BillSummary = RouteOutput<typeof billRoutes.summary>;

/** Bills that wait for money or lapsed without it, each count linking to the bills list so filtered. */
export function BillFigures({ bills }: { bills: BillSummary }) {
  return (
    <section aria-labelledby="bills-waiting">
      <h2 id="bills-waiting" className="mb-3 text-lg font-semibold text-slate-900">
        Bills
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <FigureLink label="Open" href="/bills?status=OPEN" value={bills.open} note="Nothing paid yet." testId="bills-open" />
        <FigureLink label="Partly paid" href="/bills?status=PARTIALLY_PAID" value={bills.partlyPaid} note="Some money in, more to come." testId="bills-partly-paid" />
        <FigureLink
          label="Due within three days"
          href={hrefWith('/bills', { dueBefore: bills.dueBefore })}
          value={bills.dueWithinThreeDays}
          note="Open or partly paid, expiring soon."
          testId="bills-due-soon"
        />
        <FigureLink label="Expired unpaid" href="/bills?status=EXPIRED" value={bills.expired} note="Lapsed before being paid in full." testId="bills-expired" />
      </dl>
    </section>
  );
}
