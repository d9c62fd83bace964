import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { TEST_EVENT_TYPE } from '@/lib/events/types';
import { db } from '@/lib/platform/db';
import { getDelivery, type DeliveryWithAttempts } from './delivery-queries';
import { insertEventWithDeliveries } from './fan-out';
import { getEndpoint, inactive } from './queries';
import { webhookDeliveries } from './schema';
import { recordAudit } from '@/lib/audit/record';

/** A webhook.test event, recorded like any other and delivered to this endpoint alone. */
export async function sendTestEvent(principal: Principal, endpointId: string): Promise<DeliveryWithAttempts> {
  return db().transaction(async (tx) => {
    const endpoint = await getEndpoint(tx, principal, endpointId);
    if (!endpoint.active) throw inactive();
    const eventId = await insertEventWithDeliveries(
      tx,
      {
        merchantId: endpoint.merchantId,
        subMerchantId: endpoint.subMerchantId,
        type: TEST_EVENT_TYPE,
        data: { endpointId: endpoint.id, message: 'A test event, sent on request. Answer 2xx once its signature verifies.' },
      },
      endpoint.id,
    );
    const [delivery] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.merchantId, endpoint.merchantId), eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, endpoint.id)));
    await recordAudit(tx, { merchantId: endpoint.merchantId, action: 'webhook_endpoint.test_sent', target: { type: 'webhook_endpoint', id: endpoint.id }, summary: `Test event sent to ${endpoint.url}.`, details: { eventId } });
    return getDelivery(tx, principal, endpoint.id, delivery!.id);
  });
}
