import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelivery } from '@/lib/webhooks/deliver';
import { metricsAccess } from '@/lib/operations/endpoints';
import type { IncomingMessage } from 'node:http';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { bankBody, postBank } from '../rails/support';
import { createEndpoint, recordQuietly, signedInMerchant } from '../webhooks/support';
import { sample, startOperationsServer } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET, SANDBOX: 'true' });

let operations: Awaited<ReturnType<typeof startOperationsServer>>;
let receiver: WebhookReceiver;
beforeAll(async () => {
  operations = await startOperationsServer();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await operations.stop();
  await receiver.stop();
});

const scrape = async () => {
  const response = await fetch(`${operations.origin}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

describe('/metrics', () => {
  it('counts a rail payment once as recorded and its redelivery as a duplicate, under the bank rail', async () => {
    const { virtualAccount } = await newMerchant();
    const before = await scrape();
    const body = bankBody(virtualAccount.accountNumber, '1200.50');
    expect((await postBank(api, body, SECRET)).status).toBe(200);
    expect((await postBank(api, body, SECRET)).status).toBe(200);
    const after = await scrape();
    const delta = (outcome: string) =>
      (sample(after, 'collect_payments_ingested_total', { rail: 'BANK', outcome }) ?? 0) - (sample(before, 'collect_payments_ingested_total', { rail: 'BANK', outcome }) ?? 0);
    expect(delta('recorded')).toBe(1);
    expect(delta('duplicate')).toBe(1);
    // A payment into an account by number goes through the group-commit batcher.
    expect(sample(after, 'collect_payment_batch_size_count')).toBeGreaterThanOrEqual(1);
  });

  it('labels API requests by their route pattern and status, never by the ids in the path', async () => {
    const { token } = await signedInMerchant(api);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api.request('GET', `/merchants/me/payments/${missing}`, { token })).status).toBe(404);
    const text = await scrape();
    expect(text).not.toContain(missing);
    expect(sample(text, 'collect_http_requests_total', { method: 'GET', route: '/api/v1/merchants/me/payments/:paymentId', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'collect_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/merchants/me/payments/:paymentId', status: '404' })).toBeGreaterThanOrEqual(1);
    // A path no route matches is counted under one label, whatever was asked.
    await api.request('GET', `/no-such-thing/${missing}`);
    expect(sample(await scrape(), 'collect_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a delivered webhook with its latency, and a failed attempt as a retry', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const good = receiver.route();
    const bad = receiver.route();
    bad.reply({ status: 500 });
    await createEndpoint(api, token, { url: good.url });
    const before = await scrape();
    const { deliveries } = await recordQuietly(merchant.id);
    expect(await attemptDelivery(deliveries[0]!)).toBe('delivered');
    const other = await newMerchantWithEndpoint(bad.url);
    const failing = await recordQuietly(other);
    expect(await attemptDelivery(failing.deliveries[0]!)).toBe('retry');
    const after = await scrape();
    const delta = (name: string, outcome: string) => (sample(after, name, { outcome }) ?? 0) - (sample(before, name, { outcome }) ?? 0);
    expect(delta('collect_webhook_attempts_total', 'delivered')).toBe(1);
    expect(delta('collect_webhook_attempts_total', 'retry')).toBe(1);
    expect(delta('collect_webhook_attempt_duration_seconds_count', 'delivered')).toBe(1);
  });

  it('reports the job queue by task and state, and the database pool', async () => {
    const { merchant, token } = await signedInMerchant(api);
    await createEndpoint(api, token, { url: receiver.route().url });
    const { recordEvent } = await import('@/lib/events/record');
    const { db } = await import('@/lib/platform/db');
    // No worker runs in this file: the delivery job stays queued and ready.
    await db().transaction((tx) => recordEvent(tx, { merchantId: merchant.id, subMerchantId: null, type: 'payment.received', data: {} }));
    const text = await scrape();
    expect(sample(text, 'collect_job_queue_readable')).toBe(1);
    expect(sample(text, 'collect_job_queue_jobs', { task: 'webhooks.deliver', state: 'ready' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'collect_job_queue_oldest_ready_seconds', { task: 'webhooks.deliver' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'collect_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'collect_db_pool_connections', { state: 'max' })).toBe(10);
    expect(sample(text, 'collect_embedded_postgres_restarts_total')).toBe(0);
    expect(sample(text, 'collect_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  async function newMerchantWithEndpoint(url: string): Promise<string> {
    const { merchant, token } = await signedInMerchant(api);
    await createEndpoint(api, token, { url });
    return merchant.id;
  }
});

describe('who may read /metrics', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

  it('serves this machine only when no METRICS_TOKEN is set, and not through a proxy on it', () => {
    expect(metricsAccess(request('127.0.0.1'), undefined)).toBe('allowed');
    expect(metricsAccess(request('::1'), undefined)).toBe('allowed');
    expect(metricsAccess(request('::ffff:127.0.0.1'), undefined)).toBe('allowed');
    expect(metricsAccess(request('10.1.2.3'), undefined)).toBe('forbidden');
    expect(metricsAccess(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), undefined)).toBe('forbidden');
  });

  it('asks anyone, this machine included, for the token once METRICS_TOKEN is set', () => {
    expect(metricsAccess(request('10.1.2.3', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe('allowed');
    expect(metricsAccess(request('127.0.0.1'), TOKEN)).toBe('unauthorized');
    expect(metricsAccess(request('10.1.2.3', { authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe('unauthorized');
    expect(metricsAccess(request('10.1.2.3', { authorization: TOKEN }), TOKEN)).toBe('unauthorized');
  });

  it('answers 405 to anything but GET and HEAD', async () => {
    const response = await fetch(`${operations.origin}/metrics`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
