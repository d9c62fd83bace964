import type { ReactNode } from 'react';

export interface Detail {
  term: string;
  detail: ReactNode;
  /** A sentence under the value that says what it means. */
  note?: ReactNode;
}

/** A record's fields as terms and values: two columns from `sm` up, stacked on a phone. */
export function DetailList({ items }: { items: Detail[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {items.map((item) => (
        <div key={item.term} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{item.term}</dt>
          <dd className="text-slate-900 sm:col-span-2">
            {item.detail}
            {item.note && <p className="mt-1 text-sm text-slate-600">{item.note}</p>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
