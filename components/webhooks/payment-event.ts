import 'server-only';
import type { ServiceClient } from '@/lib/client';
import { eventRoutes } from '@/lib/events/routes';
import { nextCursor } from '@/lib/portal/pagination';
import type { WebhookEvent } from './types';

/** How far back the scan reaches: 5 pages of 200 `payment.received` events. */
export const SCAN_PAGES = 5;
const SCAN_PAGE_SIZE = 200;

/**
 * The `payment.received` event of a payment. The events list cannot be filtered by payment yet, so
 * this reads its newest pages and matches `data.id`; `complete` is false when it stopped short of
 * the end without a match (an older payment's event may lie further back).
 */
export async function paymentReceivedEvent(client: ServiceClient, paymentId: string): Promise<{ event?: WebhookEvent; complete: boolean }> {
  let cursor: string | undefined;
  for (let page = 0; page < SCAN_PAGES; page += 1) {
    const result = await client.request(eventRoutes.list, { query: { type: 'payment.received', limit: SCAN_PAGE_SIZE, cursor } });
    const event = result.data.find((candidate) => candidate.data.id === paymentId);
    if (event) return { event, complete: true };
    cursor = nextCursor(result.headers);
    if (!cursor) return { complete: true };
  }
  return { complete: false };
}
