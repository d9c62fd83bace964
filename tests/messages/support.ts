import { eq, sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { expect } from 'vitest';
import { messages } from '@/lib/messages/schema';
import { sendMessageTask } from '@/lib/messages/send-job';
import { SEND_ATTEMPTS } from '@/lib/messages/record';
import { db } from '@/lib/platform/db';
import type { TestApi } from '../support/api-server';

export const AT_ACCOUNT = { username: 'collect-test', apiKey: 'atsk_test_0123456789abcdef', senderIds: ['COLLECT'] };

export async function putSettings(api: TestApi, token: string, body: Record<string, unknown>) {
  const response = await api.request('PUT', '/merchants/me/notification-settings', { token, json: { receiptChannels: [], language: 'en', reminderChannels: [], ...body } });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

export const messagesOf = (merchantId: string) => db().select().from(messages).where(eq(messages.merchantId, merchantId)).orderBy(messages.createdAt);

/** The graphile-worker jobs waiting under a key, as the job queue holds them. */
export async function jobsWithKey(key: string) {
  // The public view leaves the payload out; the private table has it.
  const { rows } = await db().execute<{ payload: Record<string, string>; attempts: number }>(sql`select payload, attempts from graphile_worker._private_jobs where key = ${key}`);
  return rows;
}

/** The receipt jobs (one per inserting statement) that name a payment. */
export async function receiptJobsFor(paymentId: string) {
  const { rows } = await db().execute<{ payload: { paymentIds: string[] } }>(
    sql`select payload from graphile_worker._private_jobs where payload::jsonb -> 'paymentIds' ? ${paymentId}::text`,
  );
  return rows;
}

/** Runs the send job as graphile-worker would on its `attempt`th try (tests run no worker). */
export const runSend = (messageId: string, attempt = 1) =>
  sendMessageTask({ messageId }, { job: { attempts: attempt, max_attempts: SEND_ATTEMPTS } } as unknown as JobHelpers);

export async function sendQueued(merchantId: string) {
  for (const message of await messagesOf(merchantId)) if (message.status === 'QUEUED') await runSend(message.id);
  return messagesOf(merchantId);
}
