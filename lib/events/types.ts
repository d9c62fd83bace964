import { eventTypes } from './schema';

/** Sent on request to one endpoint, to check it receives and verifies webhooks; never subscribed to. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Every type an event can have, as the events API and webhooks show them. */
export const allEventTypes = [...eventTypes, TEST_EVENT_TYPE] as const;
export type AnyEventType = (typeof allEventTypes)[number];
