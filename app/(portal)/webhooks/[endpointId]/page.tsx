import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { DeactivateEndpointForm } from '@/components/webhooks/deactivate-endpoint-form';
import { DeliveryLog } from '@/components/webhooks/delivery-log';
import { EndpointDetails } from '@/components/webhooks/endpoint-details';
import { RotateSecretForm } from '@/components/webhooks/rotate-secret-form';
import { TestEventForm } from '@/components/webhooks/test-event-form';
import { isServiceError } from '@/lib/portal/errors';
import { cursorParam, fetchPage, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookDeliveryRoutes } from '@/lib/webhooks/delivery-routes';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Webhook endpoint' };

const orNotFound = (error: unknown): never => {
  if (isServiceError(error) && error.status === 404) notFound();
  throw error;
};

async function EndpointPage({ params, searchParams }: { params: Promise<{ endpointId: string }>; searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const [{ endpointId }, query] = await Promise.all([params, searchParams]);
  recordId(endpointId);
  const client = portalClient(session);
  const path = `/webhooks/${endpointId}`;
  const [endpoint, details, deliveries] = await Promise.all([
    client.call(webhookEndpointRoutes.get, { params: { endpointId } }),
    client.call(webhookEndpointRoutes.details, { params: { endpointId } }),
    fetchPage(client, webhookDeliveryRoutes.list, { params: { endpointId } }, { path, filters: {}, cursor: cursorParam(query.cursor) }),
  ]).catch(orNotFound);
  const writable = canWrite(session.user) && endpoint.active;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/webhooks" className="text-brand-800 underline underline-offset-2">
          ← All endpoints
        </Link>
      </p>
      <PageHeader
        title="Webhook endpoint"
        description={<span className="font-mono break-all">{endpoint.url}</span>}
        actions={
          writable && (
            <LinkButton href={`/webhooks/${endpoint.id}/edit`} variant="secondary">
              Edit endpoint
            </LinkButton>
          )
        }
      />
      <div className="space-y-8">
        <EndpointDetails endpoint={endpoint} details={details} />
        {writable && (
          <section aria-labelledby="endpoint-actions" className="max-w-xl space-y-4">
            <h2 id="endpoint-actions" className="text-lg font-semibold text-slate-900">
              Manage this endpoint
            </h2>
            <TestEventForm endpointId={endpoint.id} idempotencyKey={crypto.randomUUID()} />
            <RotateSecretForm endpointId={endpoint.id} idempotencyKey={crypto.randomUUID()} />
            <DeactivateEndpointForm endpointId={endpoint.id} url={endpoint.url} />
          </section>
        )}
        <section aria-labelledby="delivery-log">
          <h2 id="delivery-log" className="mb-1 text-lg font-semibold text-slate-900">
            Delivery log
          </h2>
          <p className="mb-3 max-w-prose text-sm text-slate-600">
            Every event sent here, newest first, with each attempt. A failed attempt is retried for about 3 days.
          </p>
          {deliveries.items.length > 0 ? (
            <DeliveryLog deliveries={deliveries.items} caption="Deliveries to this endpoint, newest first" redeliverTo={new Set(writable ? [endpoint.id] : [])} />
          ) : (
            <EmptyState title="Nothing sent yet">
              <p>Deliveries appear here as events happen{writable ? ', or send a test event above' : ''}.</p>
            </EmptyState>
          )}
          <Pagination firstHref={deliveries.firstHref} nextHref={deliveries.nextHref} label="Pages of deliveries" />
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Webhook endpoint', back: { href: '/webhooks', label: 'All webhook endpoints' } }, EndpointPage);
