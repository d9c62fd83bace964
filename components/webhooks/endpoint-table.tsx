import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import { EndpointStatus } from './endpoint-status';
import type { DeactivationReason, WebhookEndpoint } from './types';

export function EndpointTable({ endpoints, reasons }: { endpoints: WebhookEndpoint[]; reasons: Map<string, DeactivationReason | null> }) {
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
            <Td className="max-w-md">
              <Link href={`/webhooks/${endpoint.id}`} className="font-mono font-medium break-all text-brand-800 underline-offset-2 hover:underline">
                {endpoint.url}
              </Link>
            </Td>
            <Td>{endpoint.description || <span className="text-slate-500">None</span>}</Td>
            <Td>
              <EndpointStatus active={endpoint.active} reason={reasons.get(endpoint.id)} />
            </Td>
            <Td className="whitespace-nowrap">
              <DateTime value={endpoint.createdAt} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
