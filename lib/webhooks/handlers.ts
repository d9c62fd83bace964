import type { ApiApp } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { db } from '@/lib/platform/db';
import { eventDeliveries, listEndpointDeliveries, redeliver, type DeliveryWithAttempts } from './delivery-queries';
import { webhookDeliveryRoutes } from './delivery-routes';
import { lastFailure } from './last-failure';
import { createEndpoint, deactivateByMerchant, getEndpoint, listEndpoints, rotateSecret } from './queries';
import { webhookEndpointRoutes as routes } from './routes';
import { toDeliveryJson, toEndpointDetailsJson, toEndpointJson } from './serialize';
import { sendTestEvent } from './test-event';
import { updateEndpoint } from './update';

const deliveryJson = ({ delivery, attempts }: DeliveryWithAttempts) => toDeliveryJson(delivery, attempts);

export function registerWebhookRoutes(app: ApiApp): void {
  app.openapi(routes.create, async (c) => {
    const endpoint = await createEndpoint(c.get('principal'), c.req.valid('json'));
    return c.json(toEndpointJson(endpoint, { revealSecret: true }), 201);
  });

  app.openapi(routes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listEndpoints(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map((endpoint) => toEndpointJson(endpoint)), 200);
  });

  app.openapi(routes.get, async (c) => {
    return c.json(toEndpointJson(await getEndpoint(db(), c.get('principal'), c.req.valid('param').endpointId)), 200);
  });

  app.openapi(routes.details, async (c) => {
    const endpoint = await getEndpoint(db(), c.get('principal'), c.req.valid('param').endpointId);
    return c.json({ ...toEndpointDetailsJson(endpoint), lastFailure: await lastFailure(db(), endpoint) }, 200);
  });

  app.openapi(routes.update, async (c) => {
    const endpoint = await updateEndpoint(c.get('principal'), c.req.valid('param').endpointId, c.req.valid('json'));
    return c.json(toEndpointJson(endpoint), 200);
  });

  app.openapi(routes.deactivate, async (c) => {
    return c.json(toEndpointJson(await deactivateByMerchant(c.get('principal'), c.req.valid('param').endpointId)), 200);
  });

  app.openapi(routes.rotateSecret, async (c) => {
    const endpoint = await rotateSecret(c.get('principal'), c.req.valid('param').endpointId);
    return c.json(toEndpointJson(endpoint, { revealSecret: true }), 200);
  });

  app.openapi(routes.test, async (c) => {
    return c.json(deliveryJson(await sendTestEvent(c.get('principal'), c.req.valid('param').endpointId)), 202);
  });

  app.openapi(webhookDeliveryRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const logged = await listEndpointDeliveries(c.get('principal'), c.req.valid('param').endpointId, filters);
    const page = pageOf(c, logged.map((entry) => ({ ...entry, id: entry.delivery.id, createdAt: entry.delivery.createdAt })), filters.limit);
    return c.json(page.map(deliveryJson), 200);
  });

  app.openapi(webhookDeliveryRoutes.ofEvent, async (c) => {
    return c.json((await eventDeliveries(c.get('principal'), c.req.valid('param').eventId)).map(deliveryJson), 200);
  });

  app.openapi(webhookDeliveryRoutes.redeliver, async (c) => {
    const { endpointId, deliveryId } = c.req.valid('param');
    return c.json(deliveryJson(await redeliver(c.get('principal'), endpointId, deliveryId)), 202);
  });
}
