import Link from '@/components/ui/link';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, Td, Th } from '@/components/ui/table';
import { portalClient, requireSession } from '@/lib/portal/session';
import { webhookDeliveryRoutes } from '@/lib/webhooks/delivery-routes';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import { DeliveryStatusBadge } from './delivery-status';
import { paymentReceivedEvent } from './payment-event';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

/**
 * Where a payment's `payment.received` webhook went, for the payment's page. It checks the
 * session itself, so the page only mounts it: `<PaymentDeliveryLog paymentId={payment.id} />`.
 * Redelivery lives on the event's page, which this links to.
 */
export async function PaymentDeliveryLog({ paymentId }: { paymentId: string }) {
  const session = await requireSession();
  const client = portalClient(session);
  const { event, complete } = await paymentReceivedEvent(client, paymentId);
  const [deliveries, endpoints] = event
    ? await Promise.all([
        client.call(webhookDeliveryRoutes.ofEvent, { params: { eventId: event.id } }),
        client.call(webhookEndpointRoutes.list, { query: { limit: 200 } }),
      ])
    : [[], []];
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));

  return (
    <section aria-labelledby="payment-webhooks">
      <h2 id="payment-webhooks" className="mb-1 text-lg font-semibold text-slate-900">
        Webhooks
      </h2>
      <p className="mb-3 max-w-prose text-sm text-slate-600">
        Where the <code>payment.received</code> event of this payment was sent.
        {event && (
          <>
            {' '}
            <Link href={`/webhooks/events/${event.id}`} className={linkClass}>
              See the event and redeliver it
            </Link>
          </>
        )}
      </p>
      {!event ? (
        <EmptyState title={complete ? 'No webhook event for this payment' : 'Too far back to show here'}>
          <p>{complete ? 'Events are kept for 30 days.' : 'Only the most recent payment events are searched.'}</p>
        </EmptyState>
      ) : deliveries.length === 0 ? (
        <EmptyState title="Not sent anywhere">
          <p>
            No active endpoint was subscribed when the payment arrived. <Link href="/webhooks" className={linkClass}>See your endpoints</Link>
          </p>
        </EmptyState>
      ) : (
        <Table caption="Webhook deliveries of this payment">
          <thead>
            <tr>
              <Th>Endpoint</Th>
              <Th>Status</Th>
              <Th className="text-right">Attempts</Th>
              <Th>Last attempt</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <Td label="Endpoint">
                  <Link href={`/webhooks/${delivery.endpointId}`} className={`font-mono break-all ${linkClass}`}>
                    {urls.get(delivery.endpointId) ?? 'An endpoint'}
                  </Link>
                </Td>
                <Td label="Status">
                  <DeliveryStatusBadge status={delivery.status} attemptCount={delivery.attemptCount} />
                </Td>
                <Td label="Attempts" className="text-right tabular-nums">{delivery.attemptCount}</Td>
                <Td label="Last attempt" className="whitespace-nowrap">{delivery.lastAttemptAt ? <DateTime value={delivery.lastAttemptAt} /> : 'Not yet'}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
