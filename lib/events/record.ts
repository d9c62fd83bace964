import type { Queryable } from '@/lib/platform/db';
import { events, type EventType } from './schema';

export interface NewEvent {
  merchantId: string;
  subMerchantId: string | null;
  type: EventType;
  data: unknown;
}

/**
 * Records an event inside the caller's transaction (the outbox): it exists exactly when the
 * change it describes was committed. Delivery to webhook endpoints reads from here.
 */
export async function recordEvent(tx: Queryable, event: NewEvent): Promise<string> {
  const [row] = await tx
    .insert(events)
    .values({ merchantId: event.merchantId, subMerchantId: event.subMerchantId, type: event.type, data: event.data })
    .returning({ id: events.id });
  return row!.id;
}
