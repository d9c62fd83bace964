import Link from '@/components/ui/link';
import { buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FiltersFold } from '@/components/ui/filters-fold';
import { SelectField } from '@/components/ui/select-field';
import { statusOptions } from './words';

export interface SettlementFilterValues {
  status?: string;
  currency?: string;
  from?: string;
  to?: string;
}

/** One GET form, so that every filtered list has an address and works without JavaScript. */
export function SettlementFilterForm({ values, currencies }: { values: SettlementFilterValues; currencies: string[] }) {
  return (
    <FiltersFold active={Object.values(values).some(Boolean)}>
    <form method="get" action="/settlements" role="search" aria-label="Settlements" noValidate className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="Status" name="status" options={[{ value: '', label: 'Any status' }, ...statusOptions]} defaultValue={values.status ?? ''} />
        <SelectField
          label="Currency"
          name="currency"
          options={[{ value: '', label: 'Any currency' }, ...currencies.map((currency) => ({ value: currency, label: currency }))]}
          defaultValue={values.currency ?? ''}
        />
        <Field label="From" name="from" type="date" hint="Nairobi date." defaultValue={values.from} />
        <Field label="To" name="to" type="date" hint="This day included." defaultValue={values.to} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={buttonClassName('secondary')}>
          Show settlements
        </button>
        <Link href="/settlements" className={buttonClassName('quiet')}>
          Clear all
        </Link>
      </div>
    </form>
    </FiltersFold>
  );
}
