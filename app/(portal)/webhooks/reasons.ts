import 'server-only';
import type { ServiceClient } from '@/lib/client';
import { isServiceError } from '@/lib/portal/errors';
import { webhookEndpointRoutes } from '@/lib/webhooks/routes';
import type { DeactivationReason, WebhookEndpoint } from '@/components/webhooks/types';

/**
 * Why each deactivated endpoint of a page stopped. The list route carries only `active`, so the
 * reason comes from each one's details: one call per deactivated endpoint, in parallel.
 */
export async function deactivationReasons(client: ServiceClient, endpoints: WebhookEndpoint[]): Promise<Map<string, DeactivationReason | null>> {
  const inactive = endpoints.filter((endpoint) => !endpoint.active);
  const reasons = await Promise.all(
    inactive.map((endpoint) =>
      client
        .call(webhookEndpointRoutes.details, { params: { endpointId: endpoint.id } })
        .then((details) => details.deactivationReason)
        .catch((error: unknown) => {
          if (isServiceError(error) && error.status === 404) return null;
          throw error;
        }),
    ),
  );
  return new Map(inactive.map((endpoint, index) => [endpoint.id, reasons[index] ?? null]));
}
