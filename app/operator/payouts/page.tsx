import type { Metadata } from 'next';
import { PayoutBatchTable, PendingPayouts } from '@/components/operator/desk/payout-batches';
import { ExportPayoutsForm, ImportStatusForm } from '@/components/operator/desk/payout-forms';
import { EmptyState } from '@/components/ui/empty-state';
import { FormMessage } from '@/components/ui/form-message';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { servicePage } from '@/components/ui/service-page';
import { operatorPayoutRoutes } from '@/lib/operator/payouts/routes';
import { cursorParam, firstParam, hrefWith, type SearchParams } from '@/lib/portal/pagination';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { exportPayouts, importStatusReport } from './actions';

export const metadata: Metadata = { title: 'Payouts' };

function doneMessage(query: SearchParams): string | undefined {
  const done = firstParam(query.done);
  if (done === 'exported') return 'Exported: download the file below and upload it to the bank. Its settlements are now PROCESSING.';
  if (done === 'imported') {
    const count = (key: string) => Number(firstParam(query[key]) ?? 0);
    return `Imported: ${count('paid')} paid, ${count('failed')} failed (their money is available again), ${count('pending')} still pending at the bank${count('unknown') ? `, ${count('unknown')} not ours` : ''}.`;
  }
  return undefined;
}

async function OperatorPayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireOperatorSession();
  const query = await searchParams;
  const cursor = cursorParam(query.cursor);
  const list = await operatorClient(session).call(operatorPayoutRoutes.list, { query: { limit: 25, cursor } });
  const isAdmin = isPlatformAdmin(session.user);
  const waiting = list.pending.totals.reduce((sum, total) => sum + total.count, 0);
  return (
    <>
      <PageHeader title="Bank payouts" description="Settlements to merchants' bank accounts go to the bank as one ISO 20022 pain.001 file; the bank answers with a pain.002 status report." />
      <FormMessage tone="success" message={doneMessage(query)} />
      <div className="space-y-8">
        <section aria-labelledby="waiting">
          <h2 id="waiting" className="mb-2 text-lg font-semibold text-slate-900">Waiting for a file</h2>
          <PendingPayouts pending={list.pending} />
          {isAdmin && (
            <div className="mt-3">
              <ExportPayoutsForm action={exportPayouts} waiting={waiting} />
            </div>
          )}
        </section>
        {isAdmin && (
          <section aria-labelledby="status-report">
            <h2 id="status-report" className="mb-2 text-lg font-semibold text-slate-900">The bank&apos;s answer</h2>
            <ImportStatusForm action={importStatusReport} />
          </section>
        )}
        <section aria-labelledby="files">
          <h2 id="files" className="mb-2 text-lg font-semibold text-slate-900">Files exported</h2>
          {list.data.length > 0 ? <PayoutBatchTable batches={list.data} /> : <EmptyState title="No file exported from the console yet" />}
          <Pagination firstHref={cursor ? '/operator/payouts' : undefined} nextHref={list.nextCursor ? hrefWith('/operator/payouts', { cursor: list.nextCursor }) : undefined} label="File pages" />
        </section>
        {!isAdmin && <p className="text-sm text-slate-600">You have read-only access: a platform administrator exports files and imports the bank&apos;s answer.</p>}
      </div>
    </>
  );
}

export default servicePage({ title: 'Payouts', back: { href: '/operator/payouts', label: 'Payouts' } }, OperatorPayoutsPage);
