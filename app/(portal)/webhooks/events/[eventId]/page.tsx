import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { DateTime } from '@/components/ui/date-time';
import { DetailList } from '@/components/ui/detail-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DeliveryLog } from '@/components/webhooks/delivery-log';
import { eventTypeText } from '@/components/webhooks/words';
import { eventRoutes } from '@/lib/events/routes';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookDeliveryRoutes } from '@/lib/webhooks/delivery-routes';
import { eventBody } from '@/lib/webhooks/message';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { servicePage } from '@/components/ui/service-page';
import { recordId } from '@/lib/portal/refusals';

export const metadata: Metadata = { title: 'Webhook event' };

const orNotFound = (error: unknown): never => {
  if (isServiceError(error) && error.status === 404) notFound();
  throw error;
};

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

async function EventPage({ params }: { params: Promise<{ eventId: string }> }) {
  const session = await requireSession();
  const { eventId } = await params;
  recordId(eventId);
  const client = portalClient(session);
  const [event, deliveries, endpoints] = await Promise.all([
    client.call(eventRoutes.get, { params: { eventId } }),
    client.call(webhookDeliveryRoutes.ofEvent, { params: { eventId } }),
    // The merchant's endpoints (at most 20 active), to name each delivery's endpoint.
    client.call(webhookEndpointRoutes.list, { query: { limit: 200 } }),
  ]).catch(orNotFound);
  const endpointUrls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  const redeliverTo = new Set(canWrite(session.user) ? endpoints.filter((endpoint) => endpoint.active).map((endpoint) => endpoint.id) : []);
  const paymentId = event.type === 'payment.received' && typeof event.data.id === 'string' ? event.data.id : undefined;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/webhooks" className="text-brand-800 underline underline-offset-2">
          ← All endpoints
        </Link>
      </p>
      <PageHeader title={eventTypeText[event.type]} description="Where this event was sent: one delivery per endpoint." />
      <div className="space-y-8">
        <DetailList
          items={[
            { term: 'Type', detail: <code className="font-mono">{event.type}</code> },
            { term: 'Happened', detail: <DateTime value={event.createdAt} /> },
            { term: 'Event id', detail: <code className="font-mono break-all">{event.id}</code>, note: 'The webhook-id header of every delivery and redelivery of it.' },
            ...(paymentId ? [{ term: 'Payment', detail: <Link href={`/payments/${paymentId}`} className={linkClass}>See the payment</Link> }] : []),
          ]}
        />
        <div>
          <h2 id="event-body" className="mb-1 text-lg font-semibold text-slate-900">
            Body as sent
          </h2>
          <p className="mb-3 max-w-prose text-sm text-slate-600">
            The exact bytes every delivery of this event carries (redeliveries too); the webhook-signature header signs them.
          </p>
          {/* Focusable, as it may scroll; a region so that the focus lands on something named. */}
          <pre
            role="region"
            aria-labelledby="event-body"
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-xs break-all whitespace-pre-wrap text-slate-900"
            data-testid="event-body"
          >
            {eventBody({ ...event, createdAt: new Date(event.createdAt) })}
          </pre>
        </div>
        <section aria-labelledby="event-deliveries">
          <h2 id="event-deliveries" className="mb-3 text-lg font-semibold text-slate-900">
            Deliveries
          </h2>
          {deliveries.length > 0 ? (
            <DeliveryLog deliveries={deliveries} caption="Deliveries of this event" redeliverTo={redeliverTo} endpointUrls={endpointUrls} />
          ) : (
            <EmptyState title="Not sent anywhere">
              <p>No active endpoint was subscribed to this event when it happened.</p>
            </EmptyState>
          )}
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Webhook event', back: { href: '/webhooks', label: 'All webhook endpoints' } }, EventPage);
