import { buttonClassName } from '@/components/ui/button';
import { FiltersFold } from '@/components/ui/filters-fold';
import type { SelectOption } from '@/components/ui/select-field';

/** A GET form, so that filtering works without JavaScript and the filtered list has an address. */
export function AccountFilters({ purpose, purposes }: { purpose?: string; purposes: SelectOption[] }) {
  return (
    <FiltersFold active={Boolean(purpose)}>
    <form method="get" action="/accounts" role="search" aria-label="Filter accounts" className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="purpose" className="block text-sm font-medium text-slate-800">
          Kind of account
        </label>
        <select
          id="purpose"
          name="purpose"
          defaultValue={purpose ?? ''}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm"
        >
          <option value="">All kinds</option>
          {purposes.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClassName('secondary')}>
        Show
      </button>
    </form>
    </FiltersFold>
  );
}
