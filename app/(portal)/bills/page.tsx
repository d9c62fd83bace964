import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { BillFilters } from '@/components/bills/bill-filters';
import { isBillStatus } from '@/components/bills/bill-status';
import { BillTable } from '@/components/bills/bill-table';
import { formatDateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { billRoutes } from '@/lib/bills/routes';
import { cursorParam, fetchPage, firstParam, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';
import { customerLabel } from '../record-labels';

export const metadata: Metadata = { title: 'Bills' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function BillsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const status = firstParam(query.status);
  const customerId = firstParam(query.customerId);
  const dueBefore = firstParam(query.dueBefore);
  const filters = {
    status: isBillStatus(status) ? status : undefined,
    q: firstParam(query.q)?.slice(0, 64),
    customerId: customerId && UUID.test(customerId) ? customerId : undefined,
    // The overview's "due within three days" links here with the end of those three days.
    dueBefore: dueBefore && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(dueBefore) && !Number.isNaN(Date.parse(dueBefore)) ? dueBefore : undefined,
  };
  const client = portalClient(session);
  const [page, customerName] = await Promise.all([
    fetchPage(client, billRoutes.list, { query: filters }, { path: '/bills', filters, cursor: cursorParam(query.cursor) }),
    filters.customerId ? customerLabel(client, filters.customerId) : undefined,
  ]);
  const filtered = Boolean(filters.status || filters.q || filters.customerId || filters.dueBefore);
  return (
    <>
      <PageHeader
        title="Bills"
        description="Bills you have raised, each with the one-time account number it is paid into."
        actions={canWrite(session.user) && <LinkButton href="/bills/new">New bill</LinkButton>}
      />
      {filters.customerId && (
        <p className="mb-4 text-sm text-slate-700">
          Showing the bills of <Link href={`/customers/${filters.customerId}`} className="font-medium text-brand-800 underline">{customerName}</Link>.{' '}
          <Link href="/bills" className="font-medium text-brand-800 underline">
            Show every bill
          </Link>
        </p>
      )}
      {filters.dueBefore && (
        <p className="mb-4 text-sm text-slate-700">
          Showing the bills still awaiting payment that expire by {formatDateTime(filters.dueBefore)}.{' '}
          <Link href="/bills" className="font-medium text-brand-800 underline">
            Show every bill
          </Link>
        </p>
      )}
      <BillFilters filters={filters} />
      {page.items.length > 0 ? (
        <BillTable bills={page.items} caption="Bills, newest first" />
      ) : (
        <EmptyState title={filtered ? 'No bills match' : 'No bills yet'}>
          <p>{filtered ? 'Try another status or search.' : 'Bills you raise appear here, with their status.'}</p>
        </EmptyState>
      )}
      <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of bills" />
    </>
  );
}

export default servicePage({ title: 'Bills', back: { href: '/bills', label: 'Show every bill' } }, BillsPage);
