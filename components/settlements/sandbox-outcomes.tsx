import { InlineAction } from '@/components/team/inline-action';
import { forceOutcome } from '@/app/(portal)/settlements/actions';
import type { SettlementStatus } from './types';

/** Which outcomes a settlement in this status can still take (RETURNED on an unpaid one pays it first). */
const open: Record<SettlementStatus, ('PAID' | 'FAILED' | 'RETURNED')[]> = {
  PENDING: ['PAID', 'FAILED', 'RETURNED'],
  PROCESSING: ['PAID', 'FAILED', 'RETURNED'],
  PAID: ['RETURNED'],
  FAILED: [],
  RETURNED: [],
};

const labels = { PAID: 'Mark paid', FAILED: 'Make it fail', RETURNED: 'Return it' } as const;

/** Sandbox only: what the bank or M-Pesa would answer, forced, so every path can be tried. */
export function SandboxOutcomes({ settlementId, status }: { settlementId: string; status: SettlementStatus }) {
  const outcomes = open[status];
  if (outcomes.length === 0) return null;
  return (
    <section aria-labelledby="sandbox-outcome" className="max-w-2xl rounded-lg border border-dashed border-amber-300 bg-amber-50/40 p-4" data-print="hide">
      <h2 id="sandbox-outcome" className="text-lg font-semibold text-slate-900">
        Simulate the outcome
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        Sandbox only: no money moves. Force what the bank or M-Pesa would answer; a failure or a return puts the money back in your available balance.
      </p>
      <div className="mt-3 flex flex-wrap gap-4">
        {outcomes.map((outcome) => (
          <InlineAction key={outcome} action={forceOutcome} fields={{ settlementId, outcome }} label={labels[outcome]} pendingLabel="Sending…" />
        ))}
      </div>
    </section>
  );
}
