import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { webhookEndpoints, type DeactivationReason } from './schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Stops an endpoint: no new deliveries, and every pending one is cancelled with its queued job
 * removed (a job already running finds the delivery cancelled and sends nothing more).
 * Returns the endpoint when this call deactivated it; undefined when it already was.
 */
export async function deactivateEndpoint(tx: Queryable, endpointId: string, reason: DeactivationReason, at: Date): Promise<EndpointRow | undefined> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ active: false, deactivatedAt: at, deactivationReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.active, true)))
    .returning();
  if (!endpoint) return undefined;
  await tx.execute(sql`
    with cancelled as (
      update webhook_deliveries set status = 'CANCELLED', next_attempt_at = null
       where endpoint_id = ${endpointId} and status = 'PENDING'
      returning id
    )
    select count(*) from cancelled, lateral graphile_worker.remove_job(cancelled.id::text)`);
  return endpoint;
}
