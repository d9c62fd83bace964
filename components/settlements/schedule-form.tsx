'use client';

import { useActionState, useState } from 'react';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { saveSchedule } from '@/app/(portal)/settlements/accounts/actions';
import type { ScheduleFormState } from '@/app/(portal)/settlements/accounts/form-fields';
import type { Schedule } from './types';
import { weekdays } from './words';

const intervals = [
  { value: 'DAILY', label: 'Every day' },
  { value: 'WEEKLY', label: 'Every week' },
  { value: 'MONTHLY', label: 'Every month' },
  { value: 'MANUAL', label: 'Only when I choose "Pay out now"' },
];

const delays = Array.from({ length: 8 }, (_, days) => ({
  value: String(days),
  label: days === 0 ? 'None: everything received until the payout' : `${days} day${days === 1 ? '' : 's'}`,
}));

/** When settlements are made (administrators). The minimum is per currency: a shilling minimum is not a dollar one. */
export function ScheduleForm({ schedule, currencies }: { schedule: Schedule; currencies: string[] }) {
  const [state, formAction] = useActionState<ScheduleFormState, FormData>(saveSchedule, {});
  const values = state.values;
  const [interval, chooseInterval] = useState(values?.interval ?? schedule.interval);
  const errors = state.errors ?? {};
  const minimum = (currency: string) => values?.[`minimum.${currency}`] ?? (schedule.minimumAmount[currency] === undefined ? '' : String(schedule.minimumAmount[currency]));
  return (
    // Keyed by the answer: React resets a form after its action, back to the server-rendered
    // defaults; a new form shows what was saved (or typed) instead.
    <form key={JSON.stringify(state)} action={formAction} noValidate className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-label="Settlement schedule">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="How often" name="interval" id="schedule-interval" options={intervals} value={interval} onChange={(event) => chooseInterval(event.target.value as Schedule['interval'])} errors={errors.interval} />
        {interval === 'WEEKLY' && (
          <SelectField
            label="On"
            name="weeklyDay"
            id="schedule-weekly-day"
            options={weekdays.map((day, index) => ({ value: String(index + 1), label: day }))}
            defaultValue={values?.weeklyDay ?? String(schedule.weeklyDay ?? 1)}
            errors={errors.weeklyDay}
          />
        )}
        {interval === 'MONTHLY' && (
          <Field
            label="Day of the month"
            name="monthlyDay"
            id="schedule-monthly-day"
            type="number"
            min={1}
            max={31}
            hint="Past a month's end, its last day."
            defaultValue={values?.monthlyDay ?? String(schedule.monthlyDay ?? 1)}
            errors={errors.monthlyDay}
          />
        )}
        <SelectField
          label="Delay"
          name="delayDays"
          id="schedule-delay"
          hint="How long a payment waits before it is paid out (Nairobi days)."
          options={delays}
          defaultValue={values?.delayDays ?? String(schedule.delayDays)}
          errors={errors.delayDays}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Smallest payout (optional)</legend>
        <p className="text-sm text-slate-600">A scheduled payout smaller than this waits for the next run. Empty: no minimum.</p>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          {currencies.map((currency) => (
            <Field
              key={currency}
              label={currency}
              name={`minimum.${currency}`}
              id={`schedule-minimum-${currency}`}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={minimum(currency)}
              errors={errors[`minimum.${currency}`]}
            />
          ))}
        </div>
      </fieldset>
      <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
      <SubmitButton pendingLabel="Saving…">Save schedule</SubmitButton>
    </form>
  );
}
