import type { Metadata } from 'next';
import { CustomerSearch } from '@/components/customers/customer-search';
import { CustomerTable } from '@/components/customers/customer-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { customerRoutes } from '@/lib/customers/routes';
import { cursorParam, fetchPage, firstParam, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Customers' };

async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const q = firstParam(query.q)?.slice(0, 200);
  const page = await fetchPage(portalClient(session), customerRoutes.list, { query: { q } }, { path: '/customers', filters: { q }, cursor: cursorParam(query.cursor) });
  return (
    <>
      <PageHeader
        title="Customers"
        description="The customers you have registered, each of whom can have an account number of their own."
        actions={canWrite(session.user) && <LinkButton href="/customers/new">New customer</LinkButton>}
      />
      <CustomerSearch q={q} />
      {page.items.length > 0 ? (
        <CustomerTable customers={page.items} caption={q ? `Customers matching “${q}”` : 'Customers, newest first'} />
      ) : (
        <EmptyState title={q ? 'No customers match' : 'No customers yet'}>
          <p>{q ? 'Check the spelling, or search by another detail.' : 'Customers you register appear here.'}</p>
        </EmptyState>
      )}
      <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of customers" />
    </>
  );
}

export default servicePage({ title: 'Customers', back: { href: '/customers', label: 'Show every customer' } }, CustomersPage);
