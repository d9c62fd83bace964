import { and, eq } from 'drizzle-orm';
import { notFound, unprocessable } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { recordAudit } from '@/lib/audit/record';
import { sandboxEnabled } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import type { EndpointRow } from './deactivate';
import { inactive } from './queries';
import { webhookEndpoints } from './schema';
import type { UpdateWebhookEndpointInput } from './schemas';
import { checkEndpointUrl } from './url-policy';

const sameTypes = (one: string[] | null, other: string[] | null) =>
  one === null || other === null ? one === other : one.length === other.length && one.every((type) => other.includes(type));

/**
 * Changes an endpoint's URL, description or event types, as Stripe's "update a webhook endpoint"
 * does. A new URL passes the same checks as on registration; deliveries already queued go to the
 * URL current when each is attempted, and new event types apply to events recorded from now on
 * (fan-out happens when an event is recorded). A deactivated endpoint is not edited (409, as
 * rotation): it is replaced by a new one.
 */
export async function updateEndpoint(principal: Principal, endpointId: string, change: UpdateWebhookEndpointInput): Promise<EndpointRow> {
  if (change.url !== undefined) {
    const verdict = await checkEndpointUrl(change.url, sandboxEnabled());
    // As on registration: a host that does not resolve yet is accepted; every delivery checks it again.
    if (!verdict.ok && !verdict.unresolved) throw unprocessable('The webhook URL is not allowed.', [{ path: 'url', message: verdict.reason }]);
  }
  return db().transaction(async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), visibleTo(principal, webhookEndpoints)))
      .for('update');
    if (!endpoint) throw notFound('The webhook endpoint');
    if (!endpoint.active) throw inactive();

    const eventTypes = change.eventTypes === undefined ? undefined : change.eventTypes && [...new Set(change.eventTypes)];
    const changed: string[] = [];
    if (change.url !== undefined && change.url !== endpoint.url) changed.push(`URL ${endpoint.url} → ${change.url}`);
    if (change.description !== undefined && change.description !== endpoint.description) changed.push('description');
    if (eventTypes !== undefined && !sameTypes(eventTypes, endpoint.eventTypes)) {
      changed.push(`events ${eventTypes ? eventTypes.join(', ') : 'all'}`);
    }
    // The same change again changes nothing and records nothing.
    if (changed.length === 0) return endpoint;

    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(change.url !== undefined ? { url: change.url } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(eventTypes !== undefined ? { eventTypes } : {}),
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    await recordAudit(tx, {
      merchantId: principal.merchantId,
      action: 'webhook_endpoint.updated',
      target: { type: 'webhook_endpoint', id: endpoint.id },
      summary: `Webhook endpoint ${updated!.url} changed: ${changed.join('; ')}.`,
    });
    return updated!;
  });
}
