import type { Metadata } from 'next';
import { OperatorForm } from '@/components/operator/operator-form';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { decideChange } from './actions';

export const metadata: Metadata = { title: 'Pricing approvals' };

/** Four eyes: every pending pricing or collection-account change, with who asked; a second administrator decides. */
async function PricingApprovalsPage() {
  const session = await requireOperatorSession();
  const client = operatorClient(session);
  const [pending, decided] = await Promise.all([
    client.call(operatorRoutes.listPricingChanges, { query: { status: 'PENDING', limit: '100' } }),
    client.call(operatorRoutes.listPricingChanges, { query: { limit: '20' } }),
  ]);
  const admin = isPlatformAdmin(session.user);
  return (
    <>
      <PageHeader title="Pricing approvals" description="A change of a merchant's fees, or of a collection account that already received money, applies only when a second platform administrator approves it." />
      <section aria-labelledby="pending" className="space-y-4">
        <h2 id="pending" className="text-lg font-semibold text-slate-900">Pending</h2>
        {pending.data.length === 0 && <EmptyState title="Nothing waits for approval" />}
        {pending.data.map((change) => (
          <article key={change.id} aria-label={`Change of ${change.merchant?.name ?? 'a collection account'}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{change.kind === 'PRICING' ? `${change.merchant?.name}: ${change.currency} fees` : `${change.currency} collection account`}</h3>
            <p className="text-sm text-slate-700">
              Asked by {change.requestedBy.label}, <DateTime value={change.requestedAt} />: {change.reason}
            </p>
            <pre className="overflow-x-auto rounded-md bg-slate-50 p-3 text-sm">{JSON.stringify(change.proposal, null, 2)}</pre>
            {admin && change.requestedBy.id === session.user.id && <p className="text-sm text-slate-600">You asked for this change: another platform administrator must approve it. You may withdraw it.</p>}
            {admin && (
              <div className="grid gap-4 sm:grid-cols-2">
                {change.requestedBy.id !== session.user.id && (
                  <OperatorForm action={decideChange} label={`Approve change ${change.id}`} submitLabel="Approve" pendingLabel="Approving…" hidden={{ changeId: change.id, decision: 'approve' }} fields={[{ name: 'note', label: 'Note (optional)' }]} />
                )}
                <OperatorForm action={decideChange} label={`Reject change ${change.id}`} submitLabel={change.requestedBy.id === session.user.id ? 'Withdraw' : 'Reject'} pendingLabel="Saving…" hidden={{ changeId: change.id, decision: 'reject' }} fields={[{ name: 'note', label: 'Note (optional)' }]} />
              </div>
            )}
          </article>
        ))}
      </section>
      <section aria-labelledby="recent" className="mt-10 space-y-3">
        <h2 id="recent" className="text-lg font-semibold text-slate-900">Recent</h2>
        <ul className="space-y-1 text-sm">
          {decided.data.map((change) => (
            <li key={change.id}>
              <Badge tone={change.status === 'APPROVED' ? 'success' : change.status === 'REJECTED' ? 'neutral' : 'warning'}>{change.status}</Badge>{' '}
              {`${change.merchant?.name ?? 'Collection account'} ${change.currency} — asked by ${change.requestedBy.label}${change.decidedBy ? `, decided by ${change.decidedBy.label}` : ''}`}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default servicePage({ title: 'Pricing approvals' }, PricingApprovalsPage);
