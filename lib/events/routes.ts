import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { Event, EventListQuery, EventParams } from './schemas';

const tags = ['Events'];

export const eventRoutes = {
  list: createRoute({
    method: 'get',
    path: '/merchants/me/events',
    tags,
    summary: 'Events of the last 30 days, newest first',
    description: 'What webhooks deliver, to read back or to catch up after downtime. Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: EventListQuery },
    responses: { 200: jsonResponse(Event.array(), 'One page of events.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: '/merchants/me/events/{eventId}',
    tags,
    summary: 'One event (of the last 30 days)',
    security: bearerSecurity,
    request: { params: EventParams },
    responses: { 200: jsonResponse(Event, 'The event.'), ...problems(401, 404) },
  }),
};
