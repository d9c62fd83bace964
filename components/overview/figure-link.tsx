import Link from '@/components/ui/link';
import type { ReactNode } from 'react';

/** One figure of the overview: its name, the number as a link to the list it counts, and a line under it. */
export function FigureLink({ label, href, value, note, testId }: { label: string; href: string; value: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3" data-figure={testId}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1">
        <Link href={href} className="text-2xl font-semibold tabular-nums text-brand-800 underline-offset-4 hover:underline">
          <span data-value>{value}</span>
          {/* Out of the card, "3" alone says nothing: the link says what it counts. */}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </Link>
        {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      </dd>
    </div>
  );
}

/** "3" or "100 or more" for counts read through one page of a list. */
export const countText = (count: number, more = false) => (more ? `${count} or more` : String(count));
