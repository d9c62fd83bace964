import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { EditEndpointForm } from '@/components/webhooks/edit-endpoint-form';
import { isServiceError } from '@/lib/portal/errors';
import { recordId } from '@/lib/portal/refusals';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';

export const metadata: Metadata = { title: 'Change a webhook endpoint' };

async function EditEndpointPage({ params }: { params: Promise<{ endpointId: string }> }) {
  const session = await requireSession();
  const { endpointId } = await params;
  recordId(endpointId);
  const client = portalClient(session);
  const [endpoint, details] = await Promise.all([
    client.call(webhookEndpointRoutes.get, { params: { endpointId } }),
    client.call(webhookEndpointRoutes.details, { params: { endpointId } }),
  ]).catch((error: unknown) => {
    if (isServiceError(error) && error.status === 404) notFound();
    throw error;
  });
  const back = (
    <p className="mb-2 text-sm">
      <Link href={`/webhooks/${endpoint.id}`} className="text-brand-800 underline underline-offset-2">
        ← The endpoint
      </Link>
    </p>
  );
  if (!canWrite(session.user) || !endpoint.active) {
    return (
      <>
        {back}
        <EmptyState title="This endpoint cannot be changed">
          <p>{endpoint.active ? 'Your access is read-only.' : 'It is deactivated: register a new endpoint instead.'}</p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {back}
      <PageHeader title="Change webhook endpoint" description="Its signing secret stays the same; rotate it from the endpoint's page." />
      <EditEndpointForm endpointId={endpoint.id} current={{ url: endpoint.url, description: endpoint.description, eventTypes: details.eventTypes }} />
    </>
  );
}

export default servicePage({ title: 'Change a webhook endpoint', back: { href: '/webhooks', label: 'All endpoints' } }, EditEndpointPage);
