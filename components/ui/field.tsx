import type { InputHTMLAttributes } from 'react';
import { FieldErrors } from './field-errors';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  hint?: string;
  errors?: string[];
}

/**
 * A labelled input whose hint and errors are tied to it with aria-describedby, so a screen
 * reader reads them with the field. The error region is always present so changes are announced.
 */
export function Field({ label, name, hint, errors, id = name, className = '', ...input }: FieldProps) {
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
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 ${
          invalid ? 'border-red-600' : 'border-slate-300'
        }`}
        {...input}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
