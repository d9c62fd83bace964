import { and, eq, sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { recordEvent } from '@/lib/events/record';
import type { EventType } from '@/lib/events/schema';
import { startWorker } from '@/lib/platform/jobs/worker';
import { db } from '@/lib/platform/db';
import { manualClock } from '@/lib/webhooks/clock';
import { deliverWebhookTask } from '@/lib/webhooks/deliver';
import { DELIVER_TASK } from '@/lib/webhooks/jobs';
import { webhookDeliveries, webhookEndpoints } from '@/lib/webhooks/schema';
import type { TestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';
import type { ReceivedWebhook } from '../support/webhook-receiver';

export const ENDPOINT_KEYS = ['active', 'createdAt', 'description', 'id', 'merchantId', 'secret', 'url'];

export async function signedInMerchant(api: TestApi) {
  const created = await newMerchant();
  const { accessToken } = await signIn(api, created.user.email, created.password);
  return { ...created, token: accessToken };
}

export interface CreatedEndpoint {
  id: string;
  merchantId: string;
  url: string;
  secret: string;
  description: string;
  active: boolean;
  createdAt: string;
}

export async function createEndpoint(api: TestApi, token: string, body: Record<string, unknown>): Promise<CreatedEndpoint> {
  const response = await api.request('POST', '/merchants/me/webhook-endpoints', { token, json: { description: 'test receiver', ...body } });
  if (response.status !== 201) throw new Error(`endpoint not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreatedEndpoint;
}

/**
 * Verifies a received webhook with the standardwebhooks package, as a merchant would. `at` is
 * the receiver's "now" for the timestamp tolerance, for deliveries made on a test clock.
 */
export function verifyWebhook(secret: string, request: ReceivedWebhook, at?: Date): unknown {
  const realNow = Date.now;
  if (at) Date.now = () => at.getTime();
  try {
    return new Webhook(secret).verify(request.body, request.headers);
  } finally {
    Date.now = realNow;
  }
}

/** A worker for deliveries only (the test API runs none). Any sandbox worker delivers any file's webhooks correctly. */
export const startDeliveryWorker = (concurrency = 4): Promise<Runner> =>
  startWorker({ tasks: { [DELIVER_TASK]: deliverWebhookTask }, concurrency });

/**
 * Records an event through the real fan-out but takes its jobs out of the queue in the same
 * transaction, so no worker (of any test file) touches its deliveries: the test drives them.
 */
export async function recordQuietly(merchantId: string, type: EventType = 'payment.received', data: unknown = { hello: 'world' }, subMerchantId: string | null = null) {
  return db().transaction(async (tx) => {
    const eventId = await recordEvent(tx, { merchantId, subMerchantId, type, data });
    const deliveries = await tx
      .select({ deliveryId: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId));
    for (const delivery of deliveries) await tx.execute(sql`select graphile_worker.remove_job(${delivery.deliveryId})`);
    return { eventId, deliveries };
  });
}

export async function deliveryRow(eventId: string, endpointId: string) {
  const [row] = await db()
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, endpointId)));
  return row!;
}

export async function endpointRow(endpointId: string) {
  const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return row!;
}

/** The queued job of a delivery, if any (graphile-worker's public view). */
export async function queuedJob(deliveryId: string) {
  const { rows } = await db().execute<{ run_at: string; locked_at: string | null; task_identifier: string }>(
    sql`select run_at, locked_at, task_identifier from graphile_worker.jobs where key = ${deliveryId}`,
  );
  return rows[0];
}

/** A clock a month ahead: retries it schedules are far in the database's future, so no worker runs them. */
export const aheadClock = () => manualClock(new Date(Date.now() + 30 * 86_400_000));

export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      expect(value).toBe('a value accepted before the deadline');
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
