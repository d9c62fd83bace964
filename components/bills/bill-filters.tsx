import Link from '@/components/ui/link';
import { buttonClassName } from '@/components/ui/button';
import { FiltersFold } from '@/components/ui/filters-fold';
import { hrefWith } from '@/lib/portal/pagination';
import { billStatuses, billStatusText } from './bill-status';
import type { BillStatus } from './types';

export interface BillFilterValues {
  status?: BillStatus;
  q?: string;
  customerId?: string;
}

/**
 * Status tabs (plain links) and a reference search (a GET form): both work without JavaScript
 * and keep each other's choice, so every filtered list has its own address. On a phone both fold
 * behind "Filters" (open while one applies), so that the bills start in the first screen.
 */
export function BillFilters({ filters }: { filters: BillFilterValues }) {
  const tabs: { status?: BillStatus; label: string }[] = [
    { label: 'All' },
    ...billStatuses.map((status) => ({ status, label: billStatusText[status].label })),
  ];
  return (
    <FiltersFold active={Boolean(filters.status || filters.q)}>
    <div className="space-y-3">
      <nav aria-label="Bill status">
        <ul className="flex flex-wrap gap-1 border-b border-slate-200">
          {tabs.map((tab) => {
            const current = tab.status === filters.status;
            return (
              <li key={tab.label}>
                <Link
                  href={hrefWith('/bills', { ...filters, status: tab.status })}
                  aria-current={current ? 'page' : undefined}
                  className={`-mb-px block border-b-2 px-3 py-2 text-sm font-medium ${
                    current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <form method="get" action="/bills" role="search" aria-label="Bills" className="flex flex-wrap items-end gap-2">
        {filters.status && <input type="hidden" name="status" value={filters.status} />}
        {filters.customerId && <input type="hidden" name="customerId" value={filters.customerId} />}
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">
            Search by reference
          </label>
          <input
            id="q"
            name="q"
            type="search"
            maxLength={64}
            defaultValue={filters.q}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm"
          />
        </div>
        <button type="submit" className={buttonClassName('secondary')}>
          Search
        </button>
        {filters.q && (
          <Link href={hrefWith('/bills', { ...filters, q: undefined })} className={buttonClassName('quiet')}>
            Clear
          </Link>
        )}
      </form>
    </div>
    </FiltersFold>
  );
}
