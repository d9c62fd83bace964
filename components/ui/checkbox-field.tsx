import type { InputHTMLAttributes } from 'react';

/** A checkbox with its label beside it and a hint tied to it. */
export function CheckboxField({
  label,
  name,
  hint,
  id = name,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string }) {
  const hintId = `${id}-hint`;
  return (
    <div className="flex gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        className="mt-1 size-4 accent-brand-700"
        {...input}
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
