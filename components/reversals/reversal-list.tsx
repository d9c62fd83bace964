import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import type { Reversal } from './types';

const stateText: Record<Reversal['status'], { label: string; tone: BadgeTone }> = {
  REQUESTED: { label: 'Waiting for the rail', tone: 'warning' },
  CONFIRMED: { label: 'Reversed', tone: 'danger' },
  FAILED: { label: 'Failed', tone: 'neutral' },
};

/** Each attempt to reverse the payment, newest first, with what the rail said. */
export function ReversalList({ reversals }: { reversals: Reversal[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Reversals">
      {reversals.map((reversal) => (
        <li key={reversal.id} className="space-y-1 px-4 py-3 text-sm" data-reversal-status={reversal.status}>
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={stateText[reversal.status].tone}>{stateText[reversal.status].label}</Badge>
            <span className="text-slate-700">
              {reversal.origin === 'RAIL' ? 'Returned by the rail' : 'Asked for'} <DateTime value={reversal.createdAt} />
            </span>
          </p>
          {reversal.status === 'FAILED' && reversal.reason && (
            <p className="text-slate-800">
              The rail said: <q>{reversal.reason}</q>
              {reversal.resultCode && <span className="text-slate-500"> (code {reversal.resultCode})</span>}
            </p>
          )}
          {reversal.status !== 'FAILED' && reversal.reason && <p className="text-slate-800">Reason given: {reversal.reason}</p>}
          {reversal.remarks && <p className="text-slate-600">Your note: {reversal.remarks}</p>}
          {reversal.railReference && (
            <p className="text-slate-600">
              Rail reference: <span className="font-mono">{reversal.railReference}</span>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
