import type { Queryable } from '@/lib/platform/db';
import { insertEventWithDeliveries } from '@/lib/webhooks/fan-out';
import type { EventType } from './schema';

export interface NewEvent {
  merchantId: string;
  subMerchantId: string | null;
  type: EventType;
  data: unknown;
}

/**
 * Records an event inside the caller's transaction (the outbox): it exists exactly when the
 * change it describes was committed, and so do its webhook deliveries and their queued jobs.
 */
export async function recordEvent(tx: Queryable, event: NewEvent): Promise<string> {
  return insertEventWithDeliveries(tx, event);
}
