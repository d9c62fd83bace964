import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { CreateWebhookEndpointRequest, EndpointListQuery, EndpointParams, UpdateWebhookEndpointRequest, WebhookDelivery, WebhookEndpoint, WebhookEndpointDetails } from './schemas';

const tags = ['Webhooks'];
const byId = '/merchants/me/webhook-endpoints/{endpointId}';

export const webhookEndpointRoutes = {
  create: createRoute({
    method: 'post',
    path: '/merchants/me/webhook-endpoints',
    tags,
    summary: 'Register a webhook endpoint',
    description:
      'The answer carries the signing secret, this once. The URL must be https on a public address; a host that resolves to a private, loopback, link-local, unique-local, CGNAT or multicast address is refused (422). In the sandbox, loopback addresses are allowed, over http too.',
    security: bearerSecurity,
    request: { body: jsonBody(CreateWebhookEndpointRequest) },
    responses: { 201: jsonResponse(WebhookEndpoint, 'The endpoint, with its secret.'), ...problems(400, 401, 403, 404, 409, 413, 415, 422) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/webhook-endpoints',
    tags,
    summary: 'List webhook endpoints, newest first',
    description: 'Secrets are hidden (null). Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: EndpointListQuery },
    responses: { 200: jsonResponse(WebhookEndpoint.array(), 'One page of endpoints.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: byId,
    tags,
    summary: 'One webhook endpoint (secret hidden)',
    security: bearerSecurity,
    request: { params: EndpointParams },
    responses: { 200: jsonResponse(WebhookEndpoint, 'The endpoint.'), ...problems(401, 404) },
  }),
  details: createRoute({
    method: 'get',
    path: `${byId}/details`,
    tags,
    summary: "An endpoint's subscriptions and health",
    description: 'Event types, failing since when, and why it was deactivated (by the merchant, 410 Gone, or 5 days of failures).',
    security: bearerSecurity,
    request: { params: EndpointParams },
    responses: { 200: jsonResponse(WebhookEndpointDetails, 'The details.'), ...problems(401, 404) },
  }),
  update: createRoute({
    method: 'patch',
    path: byId,
    tags,
    summary: "Change a webhook endpoint's URL, description or event types",
    description:
      'Fields left out stay as they are. A new URL is checked as on registration (422). New event types apply to events recorded from now on. A deactivated endpoint answers 409: register a new one. The secret changes only through rotate-secret.',
    security: bearerSecurity,
    request: { params: EndpointParams, body: jsonBody(UpdateWebhookEndpointRequest) },
    responses: { 200: jsonResponse(WebhookEndpoint, 'The endpoint as it now is (secret null).'), ...problems(400, 401, 403, 404, 409, 413, 415, 422) },
  }),
  deactivate: createRoute({
    method: 'post',
    path: `${byId}/deactivate`,
    tags,
    summary: 'Deactivate a webhook endpoint',
    description: 'Deliveries stop at once, pending retries included. Deactivating again answers the same.',
    security: bearerSecurity,
    request: { params: EndpointParams },
    responses: { 200: jsonResponse(WebhookEndpoint, 'The endpoint, active: false.'), ...problems(401, 403, 404) },
  }),
  rotateSecret: createRoute({
    method: 'post',
    path: `${byId}/rotate-secret`,
    tags,
    summary: 'Replace the signing secret',
    description: 'The answer carries the new secret, this once. For 24 hours every delivery is signed with both secrets (two space-separated signatures).',
    security: bearerSecurity,
    request: { params: EndpointParams },
    responses: { 200: jsonResponse(WebhookEndpoint, 'The endpoint, with its new secret.'), ...problems(401, 403, 404, 409) },
  }),
  test: createRoute({
    method: 'post',
    path: `${byId}/test`,
    tags,
    summary: 'Send a webhook.test event to this endpoint',
    description: 'Recorded and delivered like any event (signed, retried), to this endpoint only.',
    security: bearerSecurity,
    request: { params: EndpointParams },
    responses: { 202: jsonResponse(WebhookDelivery, 'The delivery, queued.'), ...problems(401, 403, 404, 409) },
  }),
};
