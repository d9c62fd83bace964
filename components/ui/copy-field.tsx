import { CopyButton } from './copy-button';

/**
 * A value to hand on (a link, an account number) in a read-only input: selectable and copyable
 * by hand without JavaScript, with a Copy button once it runs.
 */
export function CopyField({ label, value, id, hint, copyLabel }: { label: string; value: string; id: string; hint?: string; copyLabel?: string }) {
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="text"
          readOnly
          value={value}
          aria-describedby={hint ? hintId : undefined}
          className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <CopyButton text={value} what={label.toLowerCase()} label={copyLabel} />
      </div>
    </div>
  );
}
