import { formatMoney } from '@/lib/portal/money';

export interface BillProgressFigures {
  paid: string;
  due: string;
  surplus: string;
}

/** How far a bill's payments have got: paid, still due, and anything paid beyond it. */
export function BillProgress({ progress, currency }: { progress: BillProgressFigures; currency: string }) {
  const figures = [
    { term: 'Paid so far', value: progress.paid },
    { term: 'Still due', value: progress.due },
    ...(progress.surplus !== '0' ? [{ term: 'Paid beyond the bill', value: progress.surplus }] : []),
  ];
  return (
    <dl className="mb-4 grid gap-3 sm:grid-cols-3 lg:max-w-3xl">
      {figures.map((figure) => (
        <div key={figure.term} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-sm font-medium text-slate-600">{figure.term}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{formatMoney(figure.value, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
