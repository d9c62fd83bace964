import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { events } from '@/lib/events/schema';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { stkInitiations } from '@/lib/stk/schema';
import type { TestApi } from '../support/api-server';

export const INITIATION_KEYS = [
  'id', 'status', 'phone', 'amount', 'accountNumber', 'expectedPaymentId', 'customerId', 'description',
  'createdAt', 'updatedAt', 'failureCode', 'failureReason', 'paymentId', 'checkoutRequestId', 'merchantRequestId',
  'askedByPayer',
];

export interface InitiationJson {
  id: string;
  status: string;
  accountNumber: string;
  expectedPaymentId: string | null;
  customerId: string | null;
  failureCode: string | null;
  failureReason: string | null;
  paymentId: string | null;
  [key: string]: unknown;
}

export async function initiate(api: TestApi, token: string, json: Record<string, unknown>): Promise<InitiationJson> {
  const response = await api.request('POST', '/merchants/me/stk/initiate', { token, json });
  if (response.status !== 202) throw new Error(`prompt not sent: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function fetchInitiation(api: TestApi, token: string, id: string): Promise<InitiationJson> {
  const response = await api.request('GET', `/merchants/me/stk/${id}`, { token });
  expect(response.status).toBe(200);
  return response.json();
}

/** Polls the prompt as a merchant's app would, until it leaves PENDING or the time is up. */
export async function settled(api: TestApi, token: string, id: string, withinMs = 10_000): Promise<InitiationJson> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const initiation = await fetchInitiation(api, token, id);
    if (initiation.status !== 'PENDING' || Date.now() > deadline) return initiation;
    await sleep(200);
  }
}

export const storedInitiation = async (id: string) => (await db().select().from(stkInitiations).where(eq(stkInitiations.id, id)))[0]!;

export const paymentsOfAccount = (accountNumber: string) => db().select().from(payments).where(eq(payments.accountNumber, accountNumber));

export const eventsAbout = (id: string) => db().select().from(events).where(sql`${events.data}->>'id' = ${id}`);

/** The stk.check jobs graphile-worker holds for a prompt. */
export async function queuedChecks(id: string) {
  const { rows } = await db().execute<{ run_at: Date }>(
    sql`select run_at from graphile_worker.jobs where task_identifier = 'stk.check' and key = ${`stk.check:${id}`}`,
  );
  return rows.map((row) => new Date(row.run_at));
}

/** Moves a prompt's creation into the past, as if the process had been away that long. */
export const ageInitiation = (id: string, seconds: number) =>
  db()
    .update(stkInitiations)
    .set({ createdAt: sql`${stkInitiations.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(stkInitiations.id, id));
