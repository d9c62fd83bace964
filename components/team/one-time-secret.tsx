import { CopyField } from '@/components/ui/copy-field';

/** A secret or link handed out once: it lives only in the answer of the action that made it. */
export function OneTimeSecret({ title, label, value, id, warning }: { title: string; label: string; value: string; id: string; warning: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-2xl space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p role="alert" className="text-sm font-medium text-amber-900">
        {warning}
      </p>
      <CopyField label={label} id={id} value={value} copyLabel="Copy" />
    </section>
  );
}
