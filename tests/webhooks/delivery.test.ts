import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENT } from '@/lib/webhooks/message';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { createEndpoint, eventually, queuedJob, signedInMerchant, startDeliveryWorker, verifyWebhook } from './support';

const api = useTestApi({ SANDBOX: 'true' });

let receiver: WebhookReceiver;
let worker: Runner;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  worker = await startDeliveryWorker();
});
afterAll(async () => {
  await worker.stop();
  await receiver.stop();
});

async function pay(token: string, accountNumber: string, amount = 250) {
  const response = await api.request('POST', '/merchants/me/sandbox/inbound-payments', { token, json: { accountNumber, amount, channel: 'MOBILE_MONEY' } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; providerReference: string };
}

const getJson = async (token: string, path: string) => {
  const response = await api.request('GET', path, { token });
  expect(response.status, path).toBe(200);
  return response.json();
};

const deliveriesOf = (token: string, endpointId: string) => getJson(token, `/merchants/me/webhook-endpoints/${endpointId}/deliveries`);
const settledDelivery = (token: string, endpointId: string, status: string) =>
  eventually(() => deliveriesOf(token, endpointId), (list) => list[0]?.status === status);

describe('delivering events to an endpoint', () => {
  it("sends a payment's payment.received, signed so that the standardwebhooks package verifies it, with the event as body", async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const route = receiver.route();
    const endpoint = await createEndpoint(api, token, { url: route.url });
    const payment = await pay(token, virtualAccount.accountNumber);
    const [received] = await route.waitFor(1);
    const body = verifyWebhook(endpoint.secret, received!) as { id: string; type: string; data: { id: string } };
    expect(body).toMatchObject({ type: 'payment.received', data: { id: payment.id, providerReference: payment.providerReference, amount: 250 } });
    expect(received!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': body.id,
      'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(Math.abs(Number(received!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    expect(JSON.parse(received!.body)).toEqual(await getJson(token, `/merchants/me/events/${body.id}`));

    const [logged] = await eventually(() => getJson(token, `/merchants/me/events/${body.id}/deliveries`), (list) => list[0]?.status === 'SUCCEEDED');
    expect(logged).toEqual({
      id: expect.any(String),
      endpointId: endpoint.id,
      eventId: body.id,
      eventType: 'payment.received',
      status: 'SUCCEEDED',
      attemptCount: 1,
      nextAttemptAt: null,
      lastAttemptAt: expect.any(String),
      createdAt: expect.any(String),
      attempts: [{ attemptedAt: expect.any(String), responseStatus: 200, durationMs: expect.any(Number), error: null, scheduledBecause: null }],
    });
    expect(await deliveriesOf(token, endpoint.id)).toEqual([logged]);
  });

  it('sends an endpoint only the event types it subscribed to', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const [everything, billsOnly] = [receiver.route(), receiver.route()];
    await createEndpoint(api, token, { url: everything.url });
    const picky = await createEndpoint(api, token, { url: billsOnly.url, eventTypes: ['expected_payment.paid'] });
    await pay(token, virtualAccount.accountNumber);
    await everything.waitFor(1);
    expect(await deliveriesOf(token, picky.id)).toEqual([]);
    expect(billsOnly.requests).toHaveLength(0);
  });

  it('sends a webhook.test event to the one endpoint asked, with 202', async () => {
    const { token } = await signedInMerchant(api);
    const [tested, other] = [receiver.route(), receiver.route()];
    const endpoint = await createEndpoint(api, token, { url: tested.url });
    await createEndpoint(api, token, { url: other.url });
    const response = await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    expect(response.status).toBe(202);
    const delivery = await response.json();
    expect(delivery).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', status: 'PENDING', attemptCount: 0, attempts: [] });
    const [received] = await tested.waitFor(1);
    expect(verifyWebhook(endpoint.secret, received!)).toMatchObject({ id: delivery.eventId, type: 'webhook.test', data: { endpointId: endpoint.id } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.requests).toHaveLength(0);
  });

  it('redelivers on request with the same webhook-id, as a fresh attempt', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    const endpoint = await createEndpoint(api, token, { url: route.url });
    const { id: deliveryId } = await (await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token })).json();
    await settledDelivery(token, endpoint.id, 'SUCCEEDED');
    const response = await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}/redeliver`, { token });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ id: deliveryId, status: 'PENDING', attemptCount: 1 });
    const [first, second] = await route.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    const [delivery] = await eventually(() => deliveriesOf(token, endpoint.id), (list) => list[0]?.attemptCount === 2);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: [{ responseStatus: 200 }, { responseStatus: 200 }] });
    const other = await signedInMerchant(api);
    expect((await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}/redeliver`, { token: other.token })).status).toBe(404);
  });

  it('signs with both secrets after a rotation, each of which verifies', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    const endpoint = await createEndpoint(api, token, { url: route.url });
    const { secret: newSecret } = await (await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/rotate-secret`, { token })).json();
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    const [received] = await route.waitFor(1);
    expect(received!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWebhook(endpoint.secret, received!)).toMatchObject({ type: 'webhook.test' });
    expect(verifyWebhook(newSecret, received!)).toMatchObject({ type: 'webhook.test' });
  });
});

describe('failed attempts', () => {
  it('retries 5 s after a failure, through the queue', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    route.reply((_request, index) => ({ status: index === 0 ? 500 : 200 }));
    const endpoint = await createEndpoint(api, token, { url: route.url });
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    const [first, second] = await route.waitFor(2, 12_000);
    const gap = second!.receivedAt - first!.receivedAt;
    expect(gap).toBeGreaterThan(4_400);
    expect(gap).toBeLessThan(7_000);
    const [delivery] = await settledDelivery(token, endpoint.id, 'SUCCEEDED');
    expect(delivery.attempts.map((attempt: { responseStatus: number }) => attempt.responseStatus)).toEqual([500, 200]);
    expect(await getJson(token, `/merchants/me/webhook-endpoints/${endpoint.id}/details`)).toMatchObject({ failingSince: null });
  }, 20_000);

  it('waits as long as Retry-After asks on 503', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    route.reply((_request, index) => (index === 0 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 204 }));
    const endpoint = await createEndpoint(api, token, { url: route.url });
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    const [first, second] = await route.waitFor(2, 8_000);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(900);
    expect(second!.receivedAt - first!.receivedAt).toBeLessThan(4_000);
  });

  it('does not follow a redirect: a 3xx is a failed attempt and the target gets nothing', async () => {
    const { token } = await signedInMerchant(api);
    const [moved, target] = [receiver.route(), receiver.route()];
    moved.reply({ status: 302, headers: { location: target.url } });
    const endpoint = await createEndpoint(api, token, { url: moved.url });
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    const [delivery] = await eventually(() => deliveriesOf(token, endpoint.id), (list) => list[0]?.attemptCount === 1);
    expect(delivery).toMatchObject({ status: 'PENDING', nextAttemptAt: expect.any(String) });
    expect(delivery.attempts[0]).toMatchObject({ responseStatus: 302, error: `Redirect (302) not followed to ${target.url}; use the final URL.` });
    expect(target.requests).toHaveLength(0);
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deactivate`, { token });
  });

  it('deactivates the endpoint when it answers 410 Gone', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    route.reply({ status: 410 });
    const endpoint = await createEndpoint(api, token, { url: route.url });
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    await route.waitFor(1);
    const details = await eventually(() => getJson(token, `/merchants/me/webhook-endpoints/${endpoint.id}/details`), (body) => body.deactivationReason !== null);
    expect(details).toMatchObject({ deactivationReason: 'GONE', deactivatedAt: expect.any(String) });
    expect(await getJson(token, `/merchants/me/webhook-endpoints/${endpoint.id}`)).toMatchObject({ active: false });
    expect((await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ status: 'FAILED', attempts: [{ responseStatus: 410 }] });
  });

  it('stops pending retries when the merchant deactivates the endpoint', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    route.reply({ status: 500 });
    const endpoint = await createEndpoint(api, token, { url: route.url });
    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    await route.waitFor(1);
    const [pending] = await eventually(() => deliveriesOf(token, endpoint.id), (list) => list[0]?.attemptCount === 1);
    expect(pending).toMatchObject({ status: 'PENDING', nextAttemptAt: expect.any(String) });
    expect(await queuedJob(pending.id)).toBeDefined();
    expect(await getJson(token, `/merchants/me/webhook-endpoints/${endpoint.id}/details`)).toMatchObject({ failingSince: expect.any(String) });

    expect((await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deactivate`, { token })).status).toBe(200);
    expect((await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ status: 'CANCELLED', nextAttemptAt: null });
    expect(await queuedJob(pending.id)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(route.requests).toHaveLength(1);
    const redeliver = await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deliveries/${pending.id}/redeliver`, { token });
    expect(redeliver.status).toBe(409);
  }, 20_000);
});
