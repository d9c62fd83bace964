import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { eventTypes } from '@/lib/events/schema';
import { allEventTypes } from '@/lib/events/types';
import { deactivationReasons, deliveryStatuses, earlyReasons } from './schema';
import { isValidSecret, MAX_KEY_BYTES, MIN_KEY_BYTES } from './signing';
import { MAX_URL_LENGTH } from './url-policy';

/** The spec's Webhook endpoint object, field for field; the secret is shown once, on creation and rotation. */
export const WebhookEndpoint = z
  .object({
    id: Uuid,
    merchantId: Uuid,
    url: z.string(),
    secret: z.string().nullable().openapi({ description: 'The signing secret: only in the answer to create and rotate-secret; null everywhere else.' }),
    description: z.string(),
    active: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('WebhookEndpoint');

export const CreateWebhookEndpointRequest = z
  .object({
    url: z
      .string()
      .min(1)
      .max(MAX_URL_LENGTH)
      .openapi({ example: 'https://example.com/webhooks/collect', description: 'https, on a public address (http to loopback is allowed in the sandbox).' }),
    description: z.string().max(500).default('').openapi({ example: 'Order service' }),
    secret: z
      .string()
      .refine(isValidSecret, `Use whsec_ followed by the base64 of ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} random bytes, or leave it out to get one.`)
      .optional()
      .openapi({ description: 'Your own signing secret; one is generated when left out.' }),
    eventTypes: z
      .array(z.enum(eventTypes))
      .min(1)
      .optional()
      .openapi({ description: 'The event types to send; every type (including types added later) when left out.' }),
    subMerchantId: Uuid.nullish().openapi({ description: "Only this sub-merchant's events; a scoped user always creates for its own." }),
  })
  .openapi('CreateWebhookEndpointRequest');

/** Fields left out stay as they are; the secret changes only by rotation, the sub-merchant never. */
export const UpdateWebhookEndpointRequest = z
  .object({
    url: z
      .string()
      .min(1)
      .max(MAX_URL_LENGTH)
      .optional()
      .openapi({ example: 'https://example.com/webhooks/collect', description: 'Checked as on registration.' }),
    description: z.string().max(500).optional().openapi({ example: 'Order service' }),
    eventTypes: z
      .array(z.enum(eventTypes))
      .min(1)
      .nullable()
      .optional()
      .openapi({ description: 'The event types to send from now on; null for every type (including types added later).' }),
  })
  .strict()
  .refine((change) => Object.keys(change).length > 0, { message: 'Give at least one of url, description and eventTypes.' })
  .openapi('UpdateWebhookEndpointRequest');

/** What the spec object leaves out: subscriptions, health and why an endpoint stopped. */
export const WebhookEndpointDetails = z
  .object({
    endpointId: Uuid,
    subMerchantId: Uuid.nullable(),
    eventTypes: z.array(z.enum(eventTypes)).nullable().openapi({ description: 'null: every event type.' }),
    failingSince: Timestamp.nullable().openapi({ description: 'First failed attempt since the last success; 5 days of failures deactivate the endpoint.' }),
    deactivatedAt: Timestamp.nullable(),
    deactivationReason: z
      .enum(deactivationReasons)
      .nullable()
      .openapi({ description: 'MERCHANT: deactivated through the API; GONE: the receiver answered 410; FAILING: no success for 5 days.' }),
    previousSecretExpiresAt: Timestamp.nullable().openapi({ description: 'Until then the secret replaced by the last rotation still signs too.' }),
    lastFailure: z
      .object({
        attemptedAt: Timestamp,
        responseStatus: z.number().int().nullable().openapi({ description: 'null when no HTTP answer came.' }),
        error: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'While failing: the latest failed attempt, to see what to fix. null when not failing.' }),
  })
  .openapi('WebhookEndpointDetails');

export const WebhookAttempt = z
  .object({
    attemptedAt: Timestamp,
    responseStatus: z.number().int().nullable().openapi({ description: 'null when no HTTP answer came.' }),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    scheduledBecause: z
      .enum(earlyReasons)
      .nullable()
      .openapi({ description: 'Why the attempt came before its scheduled retry (ENDPOINT_RECOVERED: the endpoint answered 2xx again); null when on schedule.' }),
  })
  .openapi('WebhookAttempt');

export const WebhookDelivery = z
  .object({
    id: Uuid,
    endpointId: Uuid,
    eventId: Uuid,
    eventType: z.enum(allEventTypes),
    status: z.enum(deliveryStatuses),
    attemptCount: z.number().int(),
    nextAttemptAt: Timestamp.nullable(),
    lastAttemptAt: Timestamp.nullable(),
    createdAt: Timestamp,
    attempts: z.array(WebhookAttempt).openapi({ description: 'Oldest first.' }),
  })
  .openapi('WebhookDelivery');

export const EndpointParams = z.object({
  endpointId: Uuid.openapi({ param: { name: 'endpointId', in: 'path' } }),
});

export const DeliveryParams = EndpointParams.extend({
  deliveryId: Uuid.openapi({ param: { name: 'deliveryId', in: 'path' } }),
});

export const EndpointListQuery = z.object({ ...pageQuery });

export const DeliveryListQuery = z.object({
  ...pageQuery,
  status: z.enum(deliveryStatuses).optional().openapi({ description: 'Only deliveries in this status.' }),
});

export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointRequest>;
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointRequest>;
export type EndpointListFilters = z.infer<typeof EndpointListQuery>;
export type DeliveryListFilters = z.infer<typeof DeliveryListQuery>;
