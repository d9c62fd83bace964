import { FieldErrors } from './field-errors';

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
}

/**
 * A fieldset of radio buttons, each with a sentence saying what it means. The group's errors
 * are tied to the fieldset, so they are read when any of its buttons is focused.
 */
export function RadioGroupField({
  legend,
  name,
  options,
  defaultValue,
  errors,
}: {
  legend: string;
  name: string;
  options: RadioOption[];
  defaultValue?: string;
  errors?: string[];
}) {
  const errorId = `${name}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={errorId} aria-invalid={invalid || undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <div
              key={option.value}
              className={`flex gap-3 rounded-md border bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${
                invalid ? 'border-red-600' : 'border-slate-300'
              }`}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={defaultValue === option.value}
                aria-describedby={option.description ? `${id}-description` : undefined}
                className="mt-1 size-4 accent-brand-700"
              />
              <div>
                <label htmlFor={id} className="font-medium text-slate-900">
                  {option.label}
                </label>
                {option.description && (
                  <p id={`${id}-description`} className="text-sm text-slate-600">
                    {option.description}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
