import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { virtualAccounts } from '@/lib/accounts/schema';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { db } from '@/lib/platform/db';
import { SIMULATE_PAYOUT_TASK } from '@/lib/settlement/payouts/timing';
import type { TestApi } from '../support/api-server';
import { newMerchant, newSubMerchant, newUser, signIn } from '../support/fixtures';

export const SETTLEMENT_KEYS = [
  'id', 'currency', 'subMerchantId', 'grossAmount', 'feeAmount', 'reversalAmount', 'broughtForward', 'carriedForward', 'amount', 'status', 'settlementAccountId', 'destination', 'rail',
  'origin', 'scheduledFor', 'createdAt', 'processingAt', 'paidAt', 'failedAt', 'returnedAt', 'failureReason', 'providerReference', 'entryCount',
];
export const ACCOUNT_KEYS = [
  'id', 'kind', 'currency', 'subMerchantId', 'accountName', 'bankName', 'bankCode', 'branchCode', 'accountNumber', 'phone', 'paybill',
  'accountReference', 'status', 'createdAt', 'disabledAt',
];

export interface SettlementJson {
  id: string;
  currency: string;
  subMerchantId: string | null;
  grossAmount: number;
  feeAmount: number;
  reversalAmount: number;
  amount: number;
  status: string;
  settlementAccountId: string;
  destination: string;
  entryCount: number;
  [key: string]: unknown;
}

export interface EntryJson {
  kind: 'PAYMENT' | 'REVERSAL';
  paymentId: string;
  amount: number;
  feeAmount: number;
  netAmount: number;
  [key: string]: unknown;
}

export async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A problem+json answer with this status and code. */
export async function expectProblem(response: Response, status: number, code: string) {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = await json<{ code: string; detail: string }>(response, status);
  expect(body.code).toBe(code);
  return body;
}

/** A merchant (its LEGACY KES account), a USD account, a branch with its own KES account, and an administrator signed in. */
export async function merchantWithAccounts(api: TestApi) {
  const created = await newMerchant('Duka Payouts');
  const { accessToken: admin } = await signIn(api, created.user.email, created.password);
  const [kes] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.merchantId, created.merchant.id));
  const usd = await insertVirtualAccount(db(), {
    merchantId: created.merchant.id, ownerType: 'MERCHANT', ownerId: created.merchant.id, purpose: 'CURRENCY', accountName: 'USD', accountType: 'STATIC', currency: 'USD',
  });
  const branch = await newSubMerchant(created.merchant.id);
  const branchKes = await insertVirtualAccount(db(), {
    merchantId: created.merchant.id, subMerchantId: branch.id, ownerType: 'SUB_MERCHANT', ownerId: branch.id, purpose: 'BRAND', accountName: branch.name, accountType: 'STATIC', currency: 'KES',
  });
  return { ...created, admin, kes: kes!, usd, branch, branchKes };
}

export async function tokenOf(api: TestApi, merchantId: string, role: 'MERCHANT_ADMIN' | 'PLAIN_MERCHANT' | 'SUPPORT', subMerchantId?: string) {
  const { user, password } = await newUser(merchantId, role, subMerchantId);
  return (await signIn(api, user.email, password)).accessToken;
}

export const bankAccount = (overrides: Record<string, unknown> = {}) => ({
  kind: 'BANK', currency: 'KES', accountName: 'Duka Ltd', bankName: 'Equity Bank', bankCode: '68', branchCode: '068', accountNumber: '0170 1234 56789', ...overrides,
});

export const addAccount = (api: TestApi, token: string, body: Record<string, unknown>) => api.request('POST', '/merchants/me/settlement-accounts', { token, json: body });

/**
 * Pay out now. In the sandbox a simulator job pays the settlement 2 s later; another test file's
 * worker may run it, so it is withdrawn here and these tests move settlements themselves (the sandbox
 * outcome route), each status staying where a test put it. The simulator has its own tests.
 */
export async function payOutNow(api: TestApi, token: string, body: Record<string, unknown>, key: string | null = randomUUID()) {
  const response = await api.request('POST', '/merchants/me/settlements', { token, json: body, headers: key === null ? {} : { 'idempotency-key': key } });
  if (response.status === 201) {
    const { id } = (await response.clone().json()) as { id: string };
    await db().execute(sql`select graphile_worker.remove_job(${`${SIMULATE_PAYOUT_TASK}:${id}`})`);
  }
  return response;
}

export const forceOutcome = (api: TestApi, token: string, settlementId: string, outcome: string) =>
  api.request('POST', `/merchants/me/sandbox/settlements/${settlementId}/outcome`, { token, json: { outcome } });

export async function balances(api: TestApi, token: string) {
  return (await json<{ data: { currency: string; subMerchantId: string | null; available: number; pending: number; reserved: number; settling: number; settlementAccountId: string | null }[] }>(
    await api.request('GET', '/merchants/me/balances', { token }),
    200,
  )).data;
}
