import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { EntryTable } from '@/components/settlements/entry-table';
import { SandboxOutcomes } from '@/components/settlements/sandbox-outcomes';
import { SettlementDetails } from '@/components/settlements/settlement-details';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { servicePage } from '@/components/ui/service-page';
import { sandboxEnabled } from '@/lib/platform/config';
import { formatMoney } from '@/lib/portal/money';
import { cursorParam, hrefWith, PAGE_SIZE, type SearchParams } from '@/lib/portal/pagination';
import { recordId } from '@/lib/portal/refusals';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { bucketNamer } from '../buckets';

export const metadata: Metadata = { title: 'Settlement' };

type Params = Promise<{ settlementId: string }>;

/** One settlement: its totals, where it went, the payments and reversals it covers, and their CSV. */
async function SettlementPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const [{ settlementId }, query] = await Promise.all([params, searchParams]);
  recordId(settlementId);
  const client = portalClient(session);
  const path = `/settlements/${settlementId}`;
  const cursor = cursorParam(query.cursor);
  const [settlement, entries] = await Promise.all([
    client.call(settlementRoutes.get, { params: { settlementId } }),
    client.call(settlementRoutes.entries, { params: { settlementId }, query: { limit: PAGE_SIZE, cursor } }),
  ]);
  const nameOf = await bucketNamer(client, session.user.merchantName, [settlement.subMerchantId]);
  const amount = formatMoney(settlement.amount, settlement.currency);

  return (
    <>
      <p className="mb-2 text-sm" data-print="hide">
        <Link href="/settlements" className="text-brand-800 underline underline-offset-2">
          ← All settlements
        </Link>
      </p>
      <PageHeader
        title={`Settlement of ${amount}`}
        description={`To ${settlement.destination}.`}
        actions={
          // A plain link: a download, never prefetched.
          <a href={`${path}/csv`} className={buttonClassName('secondary')} download>
            Download CSV
          </a>
        }
      />
      <div className="space-y-8">
        <SettlementDetails settlement={settlement} subMerchantName={settlement.subMerchantId ? nameOf(settlement.subMerchantId) : undefined} />
        {canWrite(session.user) && sandboxEnabled() && <SandboxOutcomes settlementId={settlement.id} status={settlement.status} />}
        <section aria-labelledby="settlement-entries">
          <h2 id="settlement-entries" className="mb-1 text-lg font-semibold text-slate-900">
            Payments and reversals
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            {entries.totals.entryCount} in all: {formatMoney(entries.totals.grossAmount, settlement.currency)} collected, less{' '}
            {formatMoney(entries.totals.feeAmount, settlement.currency)} fees and {formatMoney(entries.totals.reversalAmount, settlement.currency)} reversals
            {Number(entries.totals.broughtForward) !== 0 && <>, with {formatMoney(entries.totals.broughtForward, settlement.currency)} brought forward</>}
            {Number(entries.totals.carriedForward) !== 0 && <>, less {formatMoney(entries.totals.carriedForward, settlement.currency)} carried forward (M-Pesa pays whole shillings)</>}, is{' '}
            {formatMoney(entries.totals.amount, settlement.currency)}.
          </p>
          {entries.data.length > 0 ? (
            <EntryTable entries={entries.data} currency={settlement.currency} />
          ) : (
            <EmptyState title="No entries on this page">
              <p>Go back to the first page.</p>
            </EmptyState>
          )}
          <Pagination
            firstHref={cursor ? path : undefined}
            nextHref={entries.nextCursor ? hrefWith(path, { cursor: entries.nextCursor }) : undefined}
            label="Pages of entries"
          />
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Settlement', back: { href: '/settlements', label: 'All settlements' } }, SettlementPage);
