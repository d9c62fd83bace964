import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { createEndpoint, eventually, signedInMerchant, startDeliveryWorker } from './support';

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

const getJson = async (token: string, path: string) => {
  const response = await api.request('GET', path, { token });
  expect(response.status, path).toBe(200);
  return response.json();
};

describe("an endpoint's health in its details", () => {
  it('says since when a failing endpoint fails and its last error, and clears both once a delivery succeeds', async () => {
    const { token } = await signedInMerchant(api);
    const route = receiver.route();
    route.reply({ status: 503 });
    const endpoint = await createEndpoint(api, token, { url: route.url });
    const details = () => getJson(token, `/merchants/me/webhook-endpoints/${endpoint.id}/details`);
    expect(await details()).toMatchObject({ failingSince: null, lastFailure: null });

    await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/test`, { token });
    await route.waitFor(1);
    const failing = await eventually(details, (body) => body.lastFailure !== null);
    expect(failing).toMatchObject({ failingSince: expect.any(String), lastFailure: { responseStatus: 503, attemptedAt: expect.any(String) } });
    expect(Date.parse(failing.lastFailure.attemptedAt)).toBeGreaterThanOrEqual(Date.parse(failing.failingSince));

    // The receiver is fixed; the delivery, sent again, succeeds: the endpoint is healthy again.
    route.reply({ status: 200 });
    const [delivery] = await getJson(token, `/merchants/me/webhook-endpoints/${endpoint.id}/deliveries`);
    const redeliver = await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/redeliver`, { token });
    expect(redeliver.status).toBe(202);
    expect(await eventually(details, (body) => body.failingSince === null)).toMatchObject({ failingSince: null, lastFailure: null });
  });

  it("shows nothing of another merchant's endpoint", async () => {
    const mine = await signedInMerchant(api);
    const theirs = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, theirs.token, { url: receiver.route().url });
    const response = await api.request('GET', `/merchants/me/webhook-endpoints/${endpoint.id}/details`, { token: mine.token });
    expect(response.status).toBe(404);
  });
});
