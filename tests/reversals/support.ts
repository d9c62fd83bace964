import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { events } from '@/lib/events/schema';
import { checkLedger } from '@/lib/ledger/check';
import { balanceEntries } from '@/lib/ledger/schema';
import { paymentDailyTotals, payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { paymentReversals } from '@/lib/reversals/schema';
import { createSettlement } from '@/lib/settlement/create-settlement';
import { settlementAccounts } from '@/lib/settlement/schema';
import type { TestApi } from '../support/api-server';

export interface ReversalJson {
  id: string;
  paymentId: string;
  status: 'REQUESTED' | 'CONFIRMED' | 'FAILED';
  origin: string;
  reason: string | null;
  resultCode: string | null;
  railReference: string | null;
  [key: string]: unknown;
}

export const REVERSAL_KEYS = [
  'id', 'paymentId', 'rail', 'origin', 'status', 'amount', 'feeAmount', 'currency', 'railReference', 'resultCode', 'reason', 'remarks',
  'attention', 'requestedBy', 'createdAt', 'completedAt',
];

export function reverse(api: TestApi, token: string, paymentId: string, options: { key?: string | null; json?: Record<string, unknown> } = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return api.request('POST', `/merchants/me/payments/${paymentId}/reverse`, { token, json: options.json ?? {}, headers: key === null ? {} : { 'idempotency-key': key } });
}

export async function fetchPayment(api: TestApi, token: string, paymentId: string) {
  const response = await api.request('GET', `/merchants/me/payments/${paymentId}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; status: string; [key: string]: unknown };
}

export async function listReversals(api: TestApi, token: string, paymentId: string): Promise<ReversalJson[]> {
  const response = await api.request('GET', `/merchants/me/payments/${paymentId}/reversals`, { token });
  expect(response.status).toBe(200);
  return response.json();
}

/** Polls the payment, as a merchant's app would, until it leaves REVERSAL_PENDING or the time is up. */
export async function settledPayment(api: TestApi, token: string, paymentId: string, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const payment = await fetchPayment(api, token, paymentId);
    if (payment.status !== 'REVERSAL_PENDING' || Date.now() > deadline) return payment;
    await sleep(150);
  }
}

export const accountRow = async (id: string) => (await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, id)))[0]!;
export const entriesOfPayment = (paymentId: string) => db().select().from(balanceEntries).where(eq(balanceEntries.paymentId, paymentId)).orderBy(balanceEntries.sequence);
export const reversalRows = (paymentId: string) => db().select().from(paymentReversals).where(eq(paymentReversals.paymentId, paymentId));
export const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;

export const eventsOf = (merchantId: string, type: string) =>
  db().select().from(events).where(and(eq(events.merchantId, merchantId), sql`${events.type} = ${type}`));

export async function dailyTotalsOf(accountId: string) {
  const rows = await db().select().from(paymentDailyTotals).where(eq(paymentDailyTotals.virtualAccountId, accountId));
  return rows.map((row) => ({ count: row.paymentCount, total: row.totalAmount }));
}

export async function expectLedgerClean(merchantId: string) {
  const ledger = await checkLedger({ merchantId });
  expect(ledger.problems).toEqual([]);
}

/**
 * Money paid out to the merchant, as settlement pays it (lib/settlement): a manual payout of whole
 * payments, oldest first, up to `ceiling`, to a bank account added for the merchant if it has none.
 * Everything received so far is due (cutoff now). Returns the settlement.
 */
export async function payOut(merchantId: string, ceiling: string) {
  const [account] = await db().select().from(settlementAccounts).where(and(eq(settlementAccounts.merchantId, merchantId), eq(settlementAccounts.status, 'ACTIVE')));
  if (!account) {
    await db()
      .insert(settlementAccounts)
      .values({ merchantId, currency: 'KES', kind: 'BANK', accountName: 'Reversal Tests Ltd', bankName: 'Equity Bank', bankCode: '68', accountNumber: '0170123456789' });
  }
  const settlement = await createSettlement({ merchantId, subMerchantId: null, currency: 'KES', origin: 'MANUAL', ceiling, cutoff: new Date() });
  if (!settlement) throw new Error(`nothing to pay out within ${ceiling}`);
  return settlement;
}
