import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { allEventTypes } from './types';

/** An event exactly as a webhook delivers it: the body of the POST is this object. */
export const Event = z
  .object({
    id: Uuid.openapi({ description: 'Also the webhook-id header of its deliveries: stable across retries.' }),
    type: z.enum(allEventTypes),
    createdAt: Timestamp,
    data: z.record(z.string(), z.unknown()).openapi({ description: 'The resource as the API returned it at the moment of the event.' }),
  })
  .openapi('Event');

export const EventListQuery = z.object({
  ...pageQuery,
  type: z.enum(allEventTypes).optional().openapi({ description: 'Only events of this type.' }),
});

export const EventParams = z.object({
  eventId: Uuid.openapi({ param: { name: 'eventId', in: 'path' } }),
});

export type EventListFilters = z.infer<typeof EventListQuery>;
