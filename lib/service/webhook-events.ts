import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import type { ApiEnv } from '@/lib/api/context';
import { VirtualAccount } from '@/lib/accounts/schemas';
import { ExpectedPayment } from '@/lib/bills/schemas';
import { Customer } from '@/lib/customers/schemas';
import type { AnyEventType } from '@/lib/events/types';
import { Payment } from '@/lib/payments/schemas';
import { Settlement } from '@/lib/settlement/schemas';
import { StkInitiation } from '@/lib/stk/schemas';

const TestEventData = z
  .object({
    endpointId: Uuid.openapi({ description: 'The endpoint the test was sent to.' }),
    message: z.string().openapi({ example: 'A test event, sent on request. Answer 2xx once its signature verifies.' }),
  })
  .openapi('WebhookTestData');

/**
 * What `data` holds for each event type, and when it is sent. A `Record` over every type, so a
 * type added to lib/events without its payload here fails the type-check, and the document (hence
 * /docs) can never miss one.
 */
const EVENT_PAYLOADS: Record<AnyEventType, { schema: z.ZodType; when: string }> = {
  'payment.received': { schema: Payment, when: 'Money was credited to one of your accounts. `data` is the payment, as GET /merchants/me/payments/{paymentId} shows it.' },
  'payment.reversed': { schema: Payment, when: 'A payment went back to the payer. `data` is the payment, `status: "REVERSED"`.' },
  'expected_payment.paid': { schema: ExpectedPayment, when: 'A bill is fully paid. `data` is the bill, as GET /merchants/me/expected-payments/{expectedPaymentId} shows it.' },
  'expected_payment.partially_paid': { schema: ExpectedPayment, when: 'A payment covered part of a bill. `data` is the bill.' },
  'expected_payment.expired': { schema: ExpectedPayment, when: 'A bill passed its `expiresAt` unpaid. `data` is the bill.' },
  'expected_payment.cancelled': { schema: ExpectedPayment, when: 'A bill was cancelled. `data` is the bill.' },
  'expected_payment.reopened': { schema: ExpectedPayment, when: 'A paid bill is no longer paid because a payment to it was reversed. `data` is the bill.' },
  'virtual_account.created': { schema: VirtualAccount, when: "An account was provisioned (a bill's or a customer's too). `data` is the virtual account." },
  'customer.created': { schema: Customer, when: 'A customer was registered. `data` is the customer.' },
  'stk.completed': { schema: StkInitiation, when: 'A phone prompt was approved and paid. `data` is the prompt, as GET /merchants/me/stk/{initiationId} shows it.' },
  'stk.failed': { schema: StkInitiation, when: 'A phone prompt was declined, failed or timed out. `data` is the prompt, with `failureCode` and `failureReason`.' },
  'settlement.created': { schema: Settlement, when: 'A payout to your settlement account was created. `data` is the settlement, `PENDING`.' },
  'settlement.paid': { schema: Settlement, when: 'The rail confirmed the payout reached you. `data` is the settlement, `PAID`.' },
  'settlement.failed': { schema: Settlement, when: 'The rail refused the payout; its money is back in `available`. `data` is the settlement, `FAILED`.' },
  'settlement.returned': { schema: Settlement, when: 'A paid payout came back. `data` is the settlement, `RETURNED`.' },
  'webhook.test': { schema: TestEventData, when: 'You asked for a test (POST /merchants/me/webhook-endpoints/{id}/test). Sent to that endpoint alone.' },
};

export const webhookEventTypes = Object.keys(EVENT_PAYLOADS) as AnyEventType[];

/** The Standard Webhooks headers every delivery carries (docs/webhooks.md, "The request"). */
const DeliveryHeaders = z.object({
  'webhook-id': Uuid.openapi({ description: 'The event id: the same on every retry and redelivery. Ignore ids you have processed (delivery is at least once).' }),
  'webhook-timestamp': z.string().openapi({ example: '1795251773', description: 'When this attempt was signed, in Unix seconds. Refuse messages more than 5 minutes from your clock.' }),
  'webhook-signature': z.string().openapi({
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of your `whsec_` secret after the prefix. Space-separated when two secrets sign (24 hours after a rotation): accept if any matches.',
  }),
});

/**
 * Every event type as an OpenAPI 3.1 webhook: the POST Collect sends, its headers, and its body
 * (the event envelope with that type's `data`). Read by /api/v1/openapi.json and /docs.
 */
export function describeWebhooks(app: OpenAPIHono<ApiEnv>): void {
  for (const [type, { schema, when }] of Object.entries(EVENT_PAYLOADS)) {
    const envelope = z.object({
      id: Uuid.openapi({ description: 'The event id, also the `webhook-id` header.' }),
      type: z.literal(type),
      createdAt: Timestamp,
      data: schema,
    });
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      tags: ['Webhooks'],
      summary: type,
      description: when,
      request: { headers: DeliveryHeaders, body: { required: true, content: { 'application/json': { schema: envelope } } } },
      responses: {
        200: { description: 'Any 2xx within 15 seconds acknowledges the delivery; anything else (a redirect too) is retried (docs/webhooks.md, "Retries"). 410 Gone deactivates the endpoint.' },
      },
    });
  }
}
