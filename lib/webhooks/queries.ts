import { and, count, eq, sql } from 'drizzle-orm';
import { conflict, notFound, unprocessable } from '@/lib/api/errors';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { usableSubMerchant } from '@/lib/customers/queries';
import { sandboxEnabled } from '@/lib/platform/config';
import { db, type Queryable } from '@/lib/platform/db';
import { deactivateEndpoint, type EndpointRow } from './deactivate';
import { webhookEndpoints } from './schema';
import type { CreateWebhookEndpointInput, EndpointListFilters } from './schemas';
import { generateSecret } from './signing';
import { checkEndpointUrl } from './url-policy';
import { recordAudit } from '@/lib/audit/record';

/** Bounds the fan-out of one event (and a runaway script). */
export const MAX_ACTIVE_ENDPOINTS = 20;
const ROTATION_OVERLAP_HOURS = 24;

export async function findEndpoint(tx: Queryable, principal: Principal, endpointId: string): Promise<EndpointRow | undefined> {
  const [endpoint] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), visibleTo(principal, webhookEndpoints)));
  return endpoint;
}

export async function getEndpoint(tx: Queryable, principal: Principal, endpointId: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(tx, principal, endpointId);
  if (!endpoint) throw notFound('The webhook endpoint');
  return endpoint;
}

export const inactive = () => conflict('The webhook endpoint is deactivated; register a new one.');

export async function createEndpoint(principal: Principal, input: CreateWebhookEndpointInput): Promise<EndpointRow> {
  const subMerchant = await usableSubMerchant(db(), principal, input.subMerchantId);
  const verdict = await checkEndpointUrl(input.url, sandboxEnabled());
  // A host that does not resolve yet is accepted: every delivery checks it again before sending.
  if (!verdict.ok && !verdict.unresolved) throw unprocessable('The webhook URL is not allowed.', [{ path: 'url', message: verdict.reason }]);
  const [active] = await db()
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, principal.merchantId), eq(webhookEndpoints.active, true)));
  if ((active?.total ?? 0) >= MAX_ACTIVE_ENDPOINTS) {
    throw conflict(`A merchant may have at most ${MAX_ACTIVE_ENDPOINTS} active webhook endpoints; deactivate one first.`);
  }
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        merchantId: principal.merchantId,
        subMerchantId: subMerchant?.id ?? null,
        url: input.url,
        description: input.description,
        secret: input.secret ?? generateSecret(),
        eventTypes: input.eventTypes ? [...new Set(input.eventTypes)] : null,
      })
      .returning();
    await recordAudit(tx, { merchantId: principal.merchantId, action: 'webhook_endpoint.created', target: { type: 'webhook_endpoint', id: created!.id }, summary: `Webhook endpoint ${created!.url} registered.` });
    return created!;
  });
}

export async function listEndpoints(principal: Principal, filters: EndpointListFilters): Promise<EndpointRow[]> {
  return db()
    .select()
    .from(webhookEndpoints)
    .where(and(visibleTo(principal, webhookEndpoints), afterCursor(filters.cursor, webhookEndpoints.createdAt, webhookEndpoints.id)))
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id))
    .limit(filters.limit + 1);
}

/** Deactivating an inactive endpoint answers the endpoint as it is: the call can be repeated safely. */
export async function deactivateByMerchant(principal: Principal, endpointId: string): Promise<EndpointRow> {
  return db().transaction(async (tx) => {
    const endpoint = await getEndpoint(tx, principal, endpointId);
    if (!endpoint.active) return endpoint;
    const deactivated = (await deactivateEndpoint(tx, endpoint.id, 'MERCHANT', new Date())) ?? (await getEndpoint(tx, principal, endpointId));
    await recordAudit(tx, { merchantId: principal.merchantId, action: 'webhook_endpoint.deactivated', target: { type: 'webhook_endpoint', id: endpoint.id }, summary: `Webhook endpoint ${endpoint.url} deactivated.` });
    return deactivated;
  });
}

/** A new secret; the one it replaces keeps signing alongside it for 24 hours, so receivers can switch without losing a message. */
export async function rotateSecret(principal: Principal, endpointId: string): Promise<EndpointRow> {
  const rotated = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})`,
        secret: generateSecret(),
      })
      .where(and(eq(webhookEndpoints.id, endpointId), visibleTo(principal, webhookEndpoints), eq(webhookEndpoints.active, true)))
      .returning();
    if (row) await recordAudit(tx, { merchantId: principal.merchantId, action: 'webhook_endpoint.secret_rotated', target: { type: 'webhook_endpoint', id: row.id }, summary: `Signing secret of ${row.url} rotated.` });
    return row;
  });
  if (rotated) return rotated;
  await getEndpoint(db(), principal, endpointId);
  throw inactive();
}
