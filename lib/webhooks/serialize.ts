import { nullableTimestampJson, timestampJson } from '@/lib/api/serialize';
import type { eventTypes } from '@/lib/events/schema';
import type { AnyEventType } from '@/lib/events/types';
import type { EndpointRow } from './deactivate';
import type { DeliveryStatus, EarlyReason } from './schema';

/** The spec's object: the secret only when just made (create, rotate-secret), else null. */
export const toEndpointJson = (endpoint: EndpointRow, options: { revealSecret?: boolean } = {}) => ({
  id: endpoint.id,
  merchantId: endpoint.merchantId,
  url: endpoint.url,
  secret: options.revealSecret ? endpoint.secret : null,
  description: endpoint.description,
  active: endpoint.active,
  createdAt: timestampJson(endpoint.createdAt),
});

export const toEndpointDetailsJson = (endpoint: EndpointRow) => ({
  endpointId: endpoint.id,
  subMerchantId: endpoint.subMerchantId,
  eventTypes: endpoint.eventTypes as (typeof eventTypes)[number][] | null,
  failingSince: nullableTimestampJson(endpoint.failingSince),
  deactivatedAt: nullableTimestampJson(endpoint.deactivatedAt),
  deactivationReason: endpoint.deactivationReason,
  previousSecretExpiresAt: nullableTimestampJson(endpoint.previousSecretExpiresAt),
});

export interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
}

export interface AttemptRow {
  deliveryId: string;
  attemptedAt: Date;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  scheduledBecause: EarlyReason | null;
}

export const toDeliveryJson = (delivery: DeliveryRow, attempts: AttemptRow[]) => ({
  id: delivery.id,
  endpointId: delivery.endpointId,
  eventId: delivery.eventId,
  eventType: delivery.eventType as AnyEventType,
  status: delivery.status,
  attemptCount: delivery.attemptCount,
  nextAttemptAt: nullableTimestampJson(delivery.nextAttemptAt),
  lastAttemptAt: nullableTimestampJson(delivery.lastAttemptAt),
  createdAt: timestampJson(delivery.createdAt),
  attempts: attempts.map((attempt) => ({
    attemptedAt: timestampJson(attempt.attemptedAt),
    responseStatus: attempt.responseStatus,
    durationMs: attempt.durationMs,
    error: attempt.error,
    scheduledBecause: attempt.scheduledBecause,
  })),
});
