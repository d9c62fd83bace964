import type { SelectHTMLAttributes } from 'react';
import { FieldErrors } from './field-errors';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  options: SelectOption[];
  hint?: string;
  errors?: string[];
}

/** A labelled select with its hint and errors tied to it, like Field. */
export function SelectField({ label, name, options, hint, errors, id = name, className = '', ...select }: SelectFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <select
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm ${invalid ? 'border-red-600' : 'border-slate-300'}`}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
