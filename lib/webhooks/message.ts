import { signatureHeader } from './signing';

export const USER_AGENT = 'Collect-Webhooks/1.0 (+https://docs.collect.example/webhooks)';

export interface EventForDelivery {
  id: string;
  type: string;
  createdAt: Date;
  data: unknown;
}

export interface EndpointSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets that sign now: the current one, and the one it replaced while its 24 h last. */
export const liveSecrets = (endpoint: EndpointSecrets, at: Date) =>
  endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > at.getTime()
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];

/** The body is the event as GET /merchants/me/events/{id} shows it; webhook-id is the event id, stable across retries. */
export const eventBody = (event: EventForDelivery) =>
  JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });

export function webhookRequest(event: EventForDelivery, endpoint: EndpointSecrets, at: Date) {
  const body = eventBody(event);
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(liveSecrets(endpoint, at), event.id, timestamp, body),
    },
  };
}
