import type { Metadata } from 'next';
import { EndpointTable } from '@/components/webhooks/endpoint-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { cursorParam, fetchPage, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { endpointHealth } from './reasons';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Webhooks' };

async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const client = portalClient(session);
  const page = await fetchPage(client, webhookEndpointRoutes.list, {}, { path: '/webhooks', filters: {}, cursor: cursorParam(query.cursor) });
  const health = await endpointHealth(client, page.items);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The addresses Collect notifies when something happens, such as a payment arriving. Each webhook is signed with the endpoint's secret."
        actions={canWrite(session.user) && <LinkButton href="/webhooks/new">Add endpoint</LinkButton>}
      />
      {page.items.length > 0 ? (
        <EndpointTable endpoints={page.items} health={health} />
      ) : (
        <EmptyState title="No webhook endpoints yet">
          <p>Endpoints you add appear here, with whether they still receive events.</p>
        </EmptyState>
      )}
      <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of endpoints" />
    </>
  );
}

export default servicePage({ title: 'Webhooks', back: { href: '/webhooks', label: 'Show the first page of webhook endpoints' } }, WebhooksPage);
