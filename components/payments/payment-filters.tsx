import Link from '@/components/ui/link';
import { buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FiltersFold } from '@/components/ui/filters-fold';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import type { FilterField, FilterValues } from '@/app/(portal)/payments/filters';
import { channelLabel, matchStatuses, matchStatusText, paymentChannels } from './payment-words';

export interface PaymentFilterFormProps {
  /** As typed, mistakes included, so that they can be corrected. */
  typed: FilterValues;
  errors: Partial<Record<FilterField, string[]>>;
  accounts: SelectOption[];
}

/**
 * The search a support person starts with (receipt, phone, reference) and the filters under it,
 * in one GET form: it works without JavaScript and every result has an address to share.
 */
export function PaymentFilterForm({ typed, errors, accounts }: PaymentFilterFormProps) {
  return (
    <form method="get" action="/payments" role="search" aria-label="Payments" noValidate className="mb-6 space-y-4">
      {typed.expectedPaymentId && <input type="hidden" name="expectedPaymentId" value={typed.expectedPaymentId} />}
      {typed.customerId && <input type="hidden" name="customerId" value={typed.customerId} />}
      <div>
        <label htmlFor="q" className="block font-medium text-slate-900">
          Find a payment
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id="q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={typed.q}
            aria-describedby="q-hint"
            autoComplete="off"
            className="block min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-4 py-3 text-lg shadow-sm sm:max-w-xl"
          />
          <button type="submit" className={buttonClassName('primary', 'px-6 text-base')}>
            Search
          </button>
        </div>
        <p id="q-hint" className="mt-1 max-w-2xl text-sm text-slate-600">
          M-Pesa receipt, bank reference, payer phone (0712…, 712… or 254712…), the reference the payer typed, or the payer&apos;s name.
        </p>
      </div>
      <FiltersFold active={narrowed(typed, errors)}>
      <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">Narrow down</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="From" name="from" type="date" hint="Nairobi date." defaultValue={typed.from} errors={errors.from} />
          <Field label="To" name="to" type="date" hint="This day included." defaultValue={typed.to} errors={errors.to} />
          <SelectField
            label="How it came"
            name="channel"
            options={[{ value: '', label: 'Any way' }, ...paymentChannels.map((channel) => ({ value: channel, label: channelLabel[channel] }))]}
            defaultValue={typed.channel ?? ''}
            errors={errors.channel}
          />
          <SelectField
            label="What it paid"
            name="matchStatus"
            options={[{ value: '', label: 'Anything' }, ...matchStatuses.map((status) => ({ value: status, label: matchStatusText[status].label }))]}
            defaultValue={typed.matchStatus ?? ''}
            errors={errors.matchStatus}
          />
          <Field label="Smallest amount" name="minAmount" inputMode="decimal" autoComplete="off" defaultValue={typed.minAmount} errors={errors.minAmount} />
          <Field label="Largest amount" name="maxAmount" inputMode="decimal" autoComplete="off" defaultValue={typed.maxAmount} errors={errors.maxAmount} />
          <SelectField
            label="Account"
            name="virtualAccountId"
            className="sm:col-span-2"
            options={[{ value: '', label: 'Every account' }, ...accounts]}
            defaultValue={typed.virtualAccountId ?? ''}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" className={buttonClassName('secondary')}>
            Show payments
          </button>
          <Link href="/payments" className={buttonClassName('quiet')}>
            Clear all
          </Link>
        </div>
      </fieldset>
      </FiltersFold>
    </form>
  );
}

/** Whether a filter under the search narrows the list (or was refused), so the fold opens to show it. */
function narrowed(typed: FilterValues, errors: PaymentFilterFormProps['errors']): boolean {
  const fields = [typed.from, typed.to, typed.channel, typed.matchStatus, typed.minAmount, typed.maxAmount, typed.virtualAccountId];
  return fields.some(Boolean) || Object.keys(errors).length > 0;
}
