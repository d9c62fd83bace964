import { timestampJson } from '@/lib/api/serialize';
import type { AnyEventType } from './types';
import type { EventRow } from './queries';

/** The same object a webhook's body carries. */
export const toEventJson = (event: EventRow) => ({
  id: event.id,
  type: event.type as AnyEventType,
  createdAt: timestampJson(event.createdAt),
  data: event.data as Record<string, unknown>,
});
