import { sql } from 'drizzle-orm';
import { timestampJson } from '@/lib/api/serialize';
import type { Queryable } from '@/lib/platform/db';
import type { EndpointRow } from './deactivate';

/**
 * The latest failed attempt of a failing endpoint (null when it is not failing): what the
 * merchant needs to fix it. Only deliveries attempted since the endpoint started failing are
 * looked at, newest first, so this reads a few rows however long the endpoint's history is.
 */
export async function lastFailure(tx: Queryable, endpoint: Pick<EndpointRow, 'id' | 'failingSince'>) {
  if (!endpoint.failingSince) return null;
  const { rows } = await tx.execute<{ attempted_at: Date | string; response_status: number | null; error: string | null }>(sql`
    select a.attempted_at, a.response_status, a.error
      from webhook_deliveries d
      join lateral (select * from webhook_attempts a where a.delivery_id = d.id order by a.attempted_at desc limit 1) a on true
     where d.endpoint_id = ${endpoint.id} and d.last_attempt_at >= ${endpoint.failingSince.toISOString()}::timestamptz
       and (a.response_status is null or a.response_status not between 200 and 299)
     order by a.attempted_at desc
     limit 1`);
  const row = rows[0];
  if (!row) return null;
  return { attemptedAt: timestampJson(new Date(row.attempted_at)), responseStatus: row.response_status, error: row.error };
}
