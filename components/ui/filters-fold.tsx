import type { ReactNode } from 'react';
import './filters-fold.css';

/**
 * A list's filters on a phone: folded behind a "Filters" button so that the list itself starts in
 * the first screen; from `md` up always open (filters-fold.css). A <details>, so it works without
 * JavaScript. Open from the start while a filter is applied (or refused), so that what narrows
 * the list, and any mistake in it, is in sight.
 */
export function FiltersFold({ active = false, children }: { active?: boolean; children: ReactNode }) {
  return (
    <details className="filters-fold group mb-4" open={active || undefined} data-print="hide">
      <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M3 5h14M6 10h8M9 15h2" />
        </svg>
        Filters
        {active && <span className="font-normal text-slate-600"> (applied)</span>}
      </summary>
      <div className="mt-3 md:mt-0">{children}</div>
    </details>
  );
}
