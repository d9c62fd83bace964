import 'server-only';
import type { EndpointHealth } from '@/components/webhooks/endpoint-status';
import type { WebhookEndpoint } from '@/components/webhooks/types';
import type { ServiceClient } from '@/lib/client';
import { isServiceError } from '@/lib/portal/errors';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';

/**
 * How each endpoint of a page is doing: why a deactivated one stopped, since when an active one
 * fails and its last error. The list route carries only `active`, so this comes from each one's
 * details: one call per endpoint, in parallel (a merchant has at most 20 active ones).
 */
export async function endpointHealth(client: ServiceClient, endpoints: WebhookEndpoint[]): Promise<Map<string, EndpointHealth | null>> {
  const details = await Promise.all(
    endpoints.map((endpoint) =>
      client.call(webhookEndpointRoutes.details, { params: { endpointId: endpoint.id } }).catch((error: unknown) => {
        if (isServiceError(error) && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return new Map(endpoints.map((endpoint, index) => [endpoint.id, details[index] ?? null]));
}
