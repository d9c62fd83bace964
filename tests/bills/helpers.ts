import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApi } from '../support/api-server';

export const BILL_KEYS = [
  'amount', 'amountPaid', 'createdAt', 'currency', 'customerId', 'customerName', 'description', 'expiresAt', 'id',
  'matchedCreditId', 'merchantId', 'paymentReference', 'status', 'subMerchantId', 'virtualAccountId', 'virtualAccountNumber',
];
export const BILL_KEYS_WITHOUT_ACCOUNT = BILL_KEYS.filter((key) => !key.startsWith('virtualAccount'));

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const billBody = (overrides: Record<string, unknown> = {}) => ({
  paymentReference: `INV-${randomUUID().slice(0, 8)}`,
  amount: 1500.5,
  expiresAt: inDays(30),
  ...overrides,
});

export interface BillJson {
  id: string;
  status: string;
  virtualAccountId?: string;
  virtualAccountNumber?: string;
  [key: string]: unknown;
}

export async function createBill(api: TestApi, token: string, overrides: Record<string, unknown> = {}) {
  const response = await api.request('POST', '/merchants/me/expected-payments', { token, json: billBody(overrides) });
  expect(response.status).toBe(201);
  return (await response.json()) as BillJson;
}
