import Link from '@/components/ui/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import { EndpointStatus, type EndpointHealth } from './endpoint-status';
import type { WebhookEndpoint } from './types';

export function EndpointTable({ endpoints, health }: { endpoints: WebhookEndpoint[]; health: Map<string, EndpointHealth | null> }) {
  return (
    <Table caption="Webhook endpoints, newest first">
      <thead>
        <tr>
          <Th>URL</Th>
          <Th>Description</Th>
          <Th>Status</Th>
          <Th>Added</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {endpoints.map((endpoint) => (
          <tr key={endpoint.id}>
            <Td label="URL" className="max-w-md">
              <Link href={`/webhooks/${endpoint.id}`} className="font-mono font-medium break-all text-brand-800 underline-offset-2 hover:underline">
                {endpoint.url}
              </Link>
            </Td>
            <Td label="Description">{endpoint.description || <span className="text-slate-500">None</span>}</Td>
            <Td label="Status">
              <EndpointStatus active={endpoint.active} health={health.get(endpoint.id)} />
            </Td>
            <Td label="Added" className="whitespace-nowrap">
              <DateTime value={endpoint.createdAt} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
