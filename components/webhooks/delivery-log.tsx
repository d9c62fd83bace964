import Link from '@/components/ui/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import { AttemptList } from './attempt-list';
import { DeliveryStatusBadge } from './delivery-status';
import { RedeliverForm } from './redeliver-form';
import type { WebhookDelivery } from './types';
import { eventTypeText } from './words';

export interface DeliveryLogProps {
  deliveries: WebhookDelivery[];
  caption: string;
  /** Endpoints the user may redeliver to: active ones, and none for a read-only user. */
  redeliverTo: ReadonlySet<string>;
  /** When the log spans endpoints (one event's deliveries): each endpoint's URL, for its own column. */
  endpointUrls?: ReadonlyMap<string, string>;
}

const linkClass = 'font-medium text-brand-800 underline-offset-2 hover:underline';

export function DeliveryLog({ deliveries, caption, redeliverTo, endpointUrls }: DeliveryLogProps) {
  const writable = redeliverTo.size > 0;
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          {endpointUrls ? <Th>Endpoint</Th> : <Th>Event</Th>}
          <Th>Status</Th>
          <Th>Attempts</Th>
          <Th>Last attempt</Th>
          <Th>Next attempt</Th>
          {writable && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <Td label={endpointUrls ? 'Endpoint' : 'Event'}>
              {endpointUrls ? (
                <Link href={`/webhooks/${delivery.endpointId}`} className={`font-mono break-all ${linkClass}`}>
                  {endpointUrls.get(delivery.endpointId) ?? 'An endpoint'}
                </Link>
              ) : (
                <>
                  <Link href={`/webhooks/events/${delivery.eventId}`} className={linkClass}>
                    {eventTypeText[delivery.eventType]}
                  </Link>
                  <code className="block text-xs text-slate-600">{delivery.eventType}</code>
                </>
              )}
            </Td>
            <Td label="Status">
              <DeliveryStatusBadge status={delivery.status} attemptCount={delivery.attemptCount} />
            </Td>
            <Td label="Attempts">
              <AttemptList attempts={delivery.attempts} count={delivery.attemptCount} />
            </Td>
            <Td label="Last attempt" className="whitespace-nowrap">{delivery.lastAttemptAt ? <DateTime value={delivery.lastAttemptAt} /> : <span className="text-slate-500">Not yet</span>}</Td>
            <Td label="Next attempt" className="whitespace-nowrap">{delivery.nextAttemptAt ? <DateTime value={delivery.nextAttemptAt} /> : <span className="text-slate-500">None</span>}</Td>
            {writable && (
              <Td>
                {redeliverTo.has(delivery.endpointId) && (
                  <RedeliverForm
                    target={{ endpointId: delivery.endpointId, deliveryId: delivery.id, idempotencyKey: crypto.randomUUID() }}
                    what={`the ${delivery.eventType} delivery`}
                  />
                )}
              </Td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
