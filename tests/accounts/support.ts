import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { expectedPayments } from '@/lib/bills/schema';
import { customers } from '@/lib/customers/schema';
import { db } from '@/lib/platform/db';
import type { UserRole } from '@/lib/auth/schema';
import type { TestApi } from '../support/api-server';
import { newMerchant, newUser, signIn } from '../support/fixtures';

/** The object has exactly these keys: no spec field missing, no extra one leaked. */
export function expectExactKeys(object: unknown, keys: readonly string[]) {
  expect(object).toBeTypeOf('object');
  expect(Object.keys(object as object).sort()).toEqual([...keys].sort());
}

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const VIRTUAL_ACCOUNT_KEYS = [
  'id', 'merchantId', 'ownerType', 'ownerId', 'purpose', 'purposeLabel', 'purposeDescription', 'accountNumber',
  'accountName', 'bankDisplayName', 'accountType', 'accountTypeLabel', 'accountTypeDescription', 'viewerGuidance',
  'status', 'balance', 'feeBalance', 'currency', 'collectionAccountId', 'singleDepositLimit', 'expireAt', 'createdAt',
] as const;

/** Every field of the spec's Virtual account, with its type and nulls. */
export function expectVirtualAccount(account: Record<string, unknown>) {
  expectExactKeys(account, VIRTUAL_ACCOUNT_KEYS);
  for (const key of ['id', 'merchantId', 'ownerId', 'collectionAccountId']) expect(account[key], key).toMatch(uuid);
  for (const key of ['ownerType', 'purpose', 'purposeLabel', 'purposeDescription', 'accountName', 'bankDisplayName', 'accountType', 'accountTypeLabel', 'accountTypeDescription', 'status']) {
    expect(account[key], key).toEqual(expect.any(String));
    expect((account[key] as string).length, key).toBeGreaterThan(0);
  }
  expect(account.accountNumber).toMatch(/^[0-9]{10}$/);
  expect(account.viewerGuidance === null || typeof account.viewerGuidance === 'string').toBe(true);
  expect(account.balance).toEqual(expect.any(Number));
  expect(account.feeBalance).toEqual(expect.any(Number));
  expect(account.currency).toMatch(/^[A-Z]{3}$/);
  expect(account.singleDepositLimit === null || typeof account.singleDepositLimit === 'number').toBe(true);
  expect(account.expireAt === null || isoMillis.test(account.expireAt as string)).toBe(true);
  expect(account.createdAt).toMatch(isoMillis);
}

export const isIsoMillis = (value: unknown) => typeof value === 'string' && isoMillis.test(value);

/** A fresh merchant with a signed-in owner (PLAIN_MERCHANT, not scoped). */
export async function signedInMerchant(api: TestApi, name = 'Test Merchant') {
  const created = await newMerchant(name);
  const { accessToken } = await signIn(api, created.user.email, created.password);
  return { ...created, token: accessToken };
}

export async function signedInUser(api: TestApi, merchantId: string, role: UserRole, subMerchantId?: string) {
  const { user, password } = await newUser(merchantId, role, subMerchantId);
  return (await signIn(api, user.email, password)).accessToken;
}

/** Bills and customers are written here directly: their own routes are another team's work. */
export async function newCustomer(merchantId: string, options: { subMerchantId?: string; displayName?: string; status?: 'ACTIVE' | 'INACTIVE' } = {}) {
  const [customer] = await db()
    .insert(customers)
    .values({
      merchantId,
      subMerchantId: options.subMerchantId ?? null,
      externalRef: `CUST-${randomUUID().slice(0, 8)}`,
      displayName: options.displayName ?? 'Achieng Otieno',
      email: 'achieng@test.example',
      phone: '254712345678',
      status: options.status ?? 'ACTIVE',
    })
    .returning();
  return customer!;
}

export const newCustomerAccount = (customer: Awaited<ReturnType<typeof newCustomer>>) =>
  db().transaction((tx) =>
    insertVirtualAccount(tx, {
      merchantId: customer.merchantId,
      subMerchantId: customer.subMerchantId,
      ownerType: 'CUSTOMER',
      ownerId: customer.id,
      purpose: 'CUSTOMER',
      accountName: customer.displayName,
      accountType: 'STATIC',
      currency: 'KES',
    }),
  );

export async function newBill(
  merchantId: string,
  options: { invoiceAccount?: boolean; amount?: string; subMerchantId?: string; expiresAt?: Date; reference?: string } = {},
) {
  return db().transaction(async (tx) => {
    const [bill] = await tx
      .insert(expectedPayments)
      .values({
        merchantId,
        subMerchantId: options.subMerchantId ?? null,
        paymentReference: options.reference ?? `INV-${randomUUID().slice(0, 8)}`,
        amount: options.amount ?? '1500.5',
        currency: 'KES',
        expiresAt: options.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
      })
      .returning();
    if (!options.invoiceAccount) return { bill: bill!, account: undefined };
    const account = await insertVirtualAccount(tx, {
      merchantId,
      subMerchantId: bill!.subMerchantId,
      ownerType: 'EXPECTED_PAYMENT',
      ownerId: bill!.id,
      purpose: 'INVOICE',
      accountName: bill!.paymentReference,
      accountType: 'ONE_TIME',
      currency: 'KES',
      expireAt: bill!.expiresAt,
    });
    const [linked] = await tx
      .update(expectedPayments)
      .set({ virtualAccountId: account.id })
      .where(eq(expectedPayments.id, bill!.id))
      .returning();
    return { bill: linked!, account };
  });
}

/** Follows `Link: <…>; rel="next"` to the end and returns every row seen, page by page. */
export async function allPages(api: TestApi, path: string, token: string) {
  const pages: Record<string, unknown>[][] = [];
  let next: string | undefined = path;
  while (next) {
    const response = await api.request('GET', next, { token });
    expect(response.status).toBe(200);
    pages.push(await response.json());
    const link = response.headers.get('link');
    next = link ? link.match(/^<([^>]+)>; rel="next"$/)![1]!.replace(/^\/api\/v1/, '') : undefined;
  }
  return pages;
}
