import { DateTime } from '@/components/ui/date-time';
import { DetailList, type Detail } from '@/components/ui/detail-list';
import { EndpointStatus } from './endpoint-status';
import type { WebhookEndpoint, WebhookEndpointDetails } from './types';
import { eventTypeText } from './words';

export function EndpointDetails({ endpoint, details }: { endpoint: WebhookEndpoint; details: WebhookEndpointDetails }) {
  const items: Detail[] = [
    {
      term: 'Status',
      detail: <EndpointStatus active={endpoint.active} health={details} />,
      note: endpoint.active
        ? details.failingSince
          ? 'Events are still sent here; after 5 days without a success the endpoint is deactivated.'
          : 'Events are sent here as they happen.'
        : 'Nothing is sent here any more, retries included. Add a new endpoint to receive events again.',
    },
    { term: 'URL', detail: <span className="font-mono break-all">{endpoint.url}</span> },
    { term: 'Description', detail: endpoint.description || 'None' },
    {
      term: 'Events',
      detail: details.eventTypes ? (
        <ul className="space-y-1">
          {details.eventTypes.map((type) => (
            <li key={type}>
              {eventTypeText[type]} <code className="text-xs text-slate-600">{type}</code>
            </li>
          ))}
        </ul>
      ) : (
        'Every event'
      ),
      note: details.eventTypes ? undefined : 'Including kinds of event added later.',
    },
    { term: 'Added', detail: <DateTime value={endpoint.createdAt} /> },
  ];
  if (details.deactivatedAt) items.push({ term: 'Deactivated', detail: <DateTime value={details.deactivatedAt} /> });
  if (details.failingSince) {
    items.push({
      term: 'Failing since',
      detail: <DateTime value={details.failingSince} />,
      note: 'Every attempt since then has failed. After 5 days of failures the endpoint is deactivated.',
    });
  }
  if (details.previousSecretExpiresAt) {
    items.push({
      term: 'Previous secret',
      detail: (
        <>
          Signs too, until <DateTime value={details.previousSecretExpiresAt} />
        </>
      ),
      note: 'The secret replaced by the last rotation: until then each webhook carries two signatures, one per secret.',
    });
  }
  return <DetailList items={items} />;
}
