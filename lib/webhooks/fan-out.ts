import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { deliveryJobSql } from './jobs';

export interface EventToRecord {
  merchantId: string;
  subMerchantId: string | null;
  type: string;
  data: unknown;
}

/**
 * The CTEs `recorded` (the event), `deliveries` (one per active endpoint that wants it) and `jobs`
 * (each delivery's first job), for a statement that selects from `recorded` and counts `jobs` (a
 * SELECT CTE runs only when referenced). `guard`, when given, is a condition the event depends
 * on (a payment that was inserted by the same statement, say): without it nothing is recorded.
 */
export function eventWithDeliveriesCtes(event: EventToRecord, options: { onlyEndpointId?: string; guard?: SQL } = {}): SQL {
  return deliveriesCtes(
    sql`insert into events (merchant_id, sub_merchant_id, type, data)
        select ${event.merchantId}::uuid, ${event.subMerchantId}::uuid, ${event.type}::text, ${JSON.stringify(event.data)}::jsonb
         where ${options.guard ?? sql`true`}`,
    options.onlyEndpointId,
  );
}

/**
 * The same CTEs around any INSERT into events (several events at once, say): `insertEvents` must
 * not have a RETURNING clause of its own.
 */
export function deliveriesCtes(insertEvents: SQL, onlyEndpointId?: string): SQL {
  const wanted = onlyEndpointId
    ? sql`endpoint.id = ${onlyEndpointId}`
    : sql`endpoint.merchant_id = recorded.merchant_id
          and (endpoint.sub_merchant_id is null or endpoint.sub_merchant_id = recorded.sub_merchant_id)
          and (endpoint.event_types is null or recorded.type = any(endpoint.event_types))`;
  return sql`
    recorded as (
      ${insertEvents}
      returning id, merchant_id, sub_merchant_id, type, created_at
    ), deliveries as (
      insert into webhook_deliveries (endpoint_id, event_id, merchant_id, sub_merchant_id, next_attempt_at, created_at)
      select endpoint.id, recorded.id, endpoint.merchant_id, endpoint.sub_merchant_id, recorded.created_at, recorded.created_at
        from recorded join webhook_endpoints endpoint on endpoint.active and ${wanted}
      returning id, endpoint_id
    ), jobs as (
      select ${deliveryJobSql(sql`deliveries.id`, sql`deliveries.endpoint_id`, null)} from deliveries
    )`;
}

/**
 * Inserts the event, one delivery per active endpoint that wants it, and each delivery's first
 * job, in one statement of the caller's transaction: after commit nothing is left to do but
 * send, and a crash right after commit loses nothing. `onlyEndpointId` sends to that endpoint
 * alone, whatever it subscribed to (test events).
 */
export async function insertEventWithDeliveries(tx: Queryable, event: EventToRecord, onlyEndpointId?: string): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    with ${eventWithDeliveriesCtes(event, { onlyEndpointId })}
    select recorded.id, (select count(*) from jobs) as jobs from recorded`);
  return rows[0]!.id;
}
