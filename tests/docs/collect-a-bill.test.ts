import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectABill } from '@/lib/portal/api-reference/guides/collect-a-bill';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import { startDeliveryWorker } from '../webhooks/support';
import { verifyWith, writeDocumentedVerifiers } from './documented-verifiers';
import { runAsShown } from './shell';

const api = useTestApi({ SANDBOX: 'true' });

let receiver: WebhookReceiver;
let worker: Runner;
let verifiers: string;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  worker = await startDeliveryWorker();
  verifiers = await writeDocumentedVerifiers();
});
afterAll(async () => {
  await worker.stop();
  await receiver.stop();
});

const at = (body: unknown, dotted: string) => dotted.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);

/** What a reader does before the walk-through: an administrator makes the integration's API key. */
async function apiKeyOfNewMerchant(): Promise<string> {
  const merchant = await newMerchant('Walkthrough Duka');
  const { accessToken } = await signIn(api, merchant.user.email, merchant.password);
  const response = await api.request('POST', '/merchants/me/api-keys', { token: accessToken, json: { name: 'Order service', role: 'PLAIN_MERCHANT' } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
}

describe('the "Collect a bill" guide', () => {
  it('runs step by step as shown, ends with the bill paid, and the payment.received it delivers verifies with the documented Node and Python code', { timeout: 120_000 }, async () => {
    const route = receiver.route();
    const shell: Record<string, string> = { COLLECT_URL: api.baseUrl, COLLECT_API_KEY: await apiKeyOfNewMerchant(), WEBHOOK_URL: route.url };
    const bodies: Record<string, unknown> = {};
    for (const step of collectABill) {
      const answer = await runAsShown(step.command, shell);
      expect(answer.status, `${step.id}: ${answer.body}`).toBe(step.status);
      bodies[step.id] = answer.json;
      for (const [variable, dotted] of Object.entries(step.saves ?? {})) {
        const value = at(answer.json, dotted);
        expect(typeof value, `${step.id} saves ${variable} from ${dotted}`).toBe('string');
        shell[variable] = value as string;
      }
    }
    expect(bodies.instructions).toMatchObject({ virtualAccountNumber: shell.ACCOUNT_NUMBER, mobileMoneyCustomerFacingCopy: expect.stringContaining(shell.ACCOUNT_NUMBER!) });
    expect(bodies.paid).toMatchObject({ id: shell.BILL_ID, status: 'PAID', customerId: shell.CUSTOMER_ID });

    const received = await route.waitFor(2, 15_000);
    const paymentReceived = received.find((request) => JSON.parse(request.body).type === 'payment.received')!;
    for (const language of ['node', 'python'] as const) {
      const verdict = await verifyWith(language, verifiers, shell.WEBHOOK_SECRET!, paymentReceived);
      expect(verdict, language).toMatchObject({ ok: true, event: { type: 'payment.received', id: paymentReceived.headers['webhook-id'], data: { id: shell.PAYMENT_ID, amount: 1500.5, currency: 'KES' } } });
    }
  });

  it('the documented code refuses a changed body, another secret, a replayed old message and a missing header, in both languages', { timeout: 60_000 }, async () => {
    const route = receiver.route();
    const shell: Record<string, string> = { COLLECT_URL: api.baseUrl, COLLECT_API_KEY: await apiKeyOfNewMerchant(), WEBHOOK_URL: route.url };
    for (const step of collectABill.slice(0, 2)) {
      const answer = await runAsShown(step.command, shell);
      for (const [variable, dotted] of Object.entries(step.saves ?? {})) shell[variable] = at(answer.json, dotted) as string;
    }
    const endpoints = await runAsShown(`curl -sS "$COLLECT_URL/api/v1/merchants/me/webhook-endpoints" -H "Authorization: Bearer $TOKEN"`, shell);
    const endpointId = (endpoints.json as { id: string }[])[0]!.id;
    const test = await runAsShown(`curl -sS -X POST "$COLLECT_URL/api/v1/merchants/me/webhook-endpoints/$ENDPOINT_ID/test" -H "Authorization: Bearer $TOKEN"`, { ...shell, ENDPOINT_ID: endpointId });
    expect(test.status).toBe(202);
    const [genuine] = (await route.waitFor(1)) as ReceivedWebhook[];

    const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const old = String(Number(genuine!.headers['webhook-timestamp']) - 600);
    const { 'webhook-signature': _signature, ...unsigned } = genuine!.headers;
    const forgeries = [
      { what: 'a changed body', secret: shell.WEBHOOK_SECRET!, request: { headers: genuine!.headers, body: genuine!.body.replace('test event', 'test evenT') } },
      { what: 'another secret', secret: otherSecret, request: genuine! },
      { what: 'a timestamp 10 minutes old', secret: shell.WEBHOOK_SECRET!, request: { headers: { ...genuine!.headers, 'webhook-timestamp': old }, body: genuine!.body } },
      { what: 'no signature header', secret: shell.WEBHOOK_SECRET!, request: { headers: unsigned, body: genuine!.body } },
    ];
    for (const language of ['node', 'python'] as const) {
      expect(await verifyWith(language, verifiers, shell.WEBHOOK_SECRET!, genuine!), language).toMatchObject({ ok: true, event: { type: 'webhook.test', data: { endpointId } } });
      for (const forgery of forgeries) expect(await verifyWith(language, verifiers, forgery.secret, forgery.request), `${language}: ${forgery.what}`).toMatchObject({ ok: false });
    }
  });
});
