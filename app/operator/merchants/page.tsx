import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { FiltersFold } from '@/components/ui/filters-fold';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { servicePage } from '@/components/ui/service-page';
import { Table, Td, Th } from '@/components/ui/table';
import { operatorRoutes } from '@/lib/operator/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';

export const metadata: Metadata = { title: 'Merchants' };

interface Props {
  searchParams: Promise<{ q?: string; status?: string; cursor?: string }>;
}

async function MerchantsPage({ searchParams }: Props) {
  const session = await requireOperatorSession();
  const { q, status, cursor } = await searchParams;
  const chosen: 'ACTIVE' | 'DISABLED' | undefined = status === 'ACTIVE' || status === 'DISABLED' ? status : undefined;
  const query = { q, status: chosen, cursor, limit: '50' };
  const page = await operatorClient(session).call(operatorRoutes.listMerchants, { query });
  const next = page.nextCursor ? `/operator/merchants?${new URLSearchParams({ ...(q ? { q } : {}), ...(query.status ? { status: query.status } : {}), cursor: page.nextCursor })}` : undefined;
  return (
    <>
      <PageHeader title="Merchants" description="Every merchant of Collect." actions={isPlatformAdmin(session.user) ? <LinkButton href="/operator/merchants/new">New merchant</LinkButton> : undefined} />
      <FiltersFold active={Boolean(q || chosen)}>
      <form method="get" role="search" aria-label="Merchants" className="mb-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="merchant-q" className="block text-sm font-medium text-slate-800">Name or id</label>
          <input id="merchant-q" name="q" type="search" defaultValue={q} maxLength={200} className="mt-1 block rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <div>
          <label htmlFor="merchant-status" className="block text-sm font-medium text-slate-800">Status</label>
          <select id="merchant-status" name="status" defaultValue={status ?? ''} className="mt-1 block rounded-md border border-slate-300 px-3 py-2">
            <option value="">Any</option>
            <option value="ACTIVE">Active</option>
            <option value="DISABLED">Disabled</option>
          </select>
        </div>
        <button type="submit" className="min-h-10 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">Search</button>
      </form>
      </FiltersFold>
      {page.data.length === 0 ? (
        <EmptyState title="No merchant matches">Try part of the name, or clear the status.</EmptyState>
      ) : (
        <Table caption="Merchants">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Status</Th>
              <Th>Currency</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((merchant) => (
              <tr key={merchant.id}>
                <Td label="Name">
                  <Link href={`/operator/merchants/${merchant.id}`} className="font-medium text-brand-800 underline underline-offset-2">{merchant.name}</Link>
                </Td>
                <Td label="Status">{merchant.status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}</Td>
                <Td label="Currency">{merchant.defaultCurrency}</Td>
                <Td label="Created"><DateTime value={merchant.createdAt} /></Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination firstHref={cursor ? '/operator/merchants' : undefined} nextHref={next} label="Merchant pages" />
    </>
  );
}

export default servicePage({ title: 'Merchants', back: { href: '/operator/merchants', label: 'All merchants' } }, MerchantsPage);
