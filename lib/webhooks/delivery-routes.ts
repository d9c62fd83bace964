import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { EventParams } from '@/lib/events/schemas';
import { DeliveryListQuery, DeliveryParams, EndpointParams, WebhookDelivery } from './schemas';

const tags = ['Webhooks'];

export const webhookDeliveryRoutes = {
  list: createRoute({
    method: 'get',
    path: '/merchants/me/webhook-endpoints/{endpointId}/deliveries',
    tags,
    summary: "An endpoint's delivery log, newest first",
    description: 'Each delivery with its status, next attempt and every attempt (time, response status, duration, error). Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { params: EndpointParams, query: DeliveryListQuery },
    responses: { 200: jsonResponse(WebhookDelivery.array(), 'One page of deliveries.'), ...problems(401, 404, 422) },
  }),
  ofEvent: createRoute({
    method: 'get',
    path: '/merchants/me/events/{eventId}/deliveries',
    tags,
    summary: "Where one event was delivered: one delivery per endpoint",
    security: bearerSecurity,
    request: { params: EventParams },
    responses: { 200: jsonResponse(WebhookDelivery.array(), "The event's deliveries."), ...problems(401, 404) },
  }),
  redeliver: createRoute({
    method: 'post',
    path: '/merchants/me/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
    tags,
    summary: 'Send a delivery again now',
    description: 'A fresh attempt at once and, if it fails, the usual retries. The webhook-id stays the event id, so receivers can tell a repeat.',
    security: bearerSecurity,
    request: { params: DeliveryParams },
    responses: { 202: jsonResponse(WebhookDelivery, 'The delivery, queued.'), ...problems(401, 403, 404, 409) },
  }),
};
