import type { RouteOutput } from '@/lib/client/types';
import type { eventRoutes } from '@/lib/events/routes';
import type { webhookDeliveryRoutes } from '@/lib/webhooks/delivery-routes';
import type { webhookEndpointRoutes } from '@/lib/webhooks/routes';

export type WebhookEndpoint = RouteOutput<typeof webhookEndpointRoutes.get>;
export type WebhookEndpointDetails = RouteOutput<typeof webhookEndpointRoutes.details>;
export type WebhookDelivery = RouteOutput<typeof webhookDeliveryRoutes.redeliver>;
export type WebhookAttempt = WebhookDelivery['attempts'][number];
export type DeliveryStatus = WebhookDelivery['status'];
export type DeactivationReason = NonNullable<WebhookEndpointDetails['deactivationReason']>;
export type AnyEventType = WebhookDelivery['eventType'];
export type SubscribableEventType = NonNullable<WebhookEndpointDetails['eventTypes']>[number];
export type WebhookEvent = RouteOutput<typeof eventRoutes.get>;
