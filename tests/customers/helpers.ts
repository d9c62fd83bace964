import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { UserRole } from '@/lib/auth/schema';
import type { TestApi } from '../support/api-server';
import { newMerchant, newSubMerchant, newUser, signIn } from '../support/fixtures';

/** A fresh merchant with its owner signed in. */
export async function signedInMerchant(api: TestApi) {
  const created = await newMerchant();
  const { accessToken } = await signIn(api, created.user.email, created.password);
  return { ...created, token: accessToken };
}

/** Another user of the merchant, signed in: a SUPPORT user, or one scoped to a sub-merchant. */
export async function signedInUser(api: TestApi, merchantId: string, role: UserRole, subMerchantId?: string) {
  const { user, password } = await newUser(merchantId, role, subMerchantId);
  const { accessToken } = await signIn(api, user.email, password);
  return { user, token: accessToken };
}

export async function scopedUser(api: TestApi, merchantId: string) {
  const subMerchant = await newSubMerchant(merchantId);
  return { subMerchant, ...(await signedInUser(api, merchantId, 'PLAIN_MERCHANT', subMerchant.id)) };
}

const randomDigits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

export const customerBody = (overrides: Record<string, unknown> = {}) => ({
  displayName: 'Achieng Otieno',
  externalRef: `CUST-${randomUUID().slice(0, 8)}`,
  email: `achieng-${randomUUID().slice(0, 6)}@example.com`,
  phone: `2547${randomDigits(8)}`,
  ...overrides,
});

export async function createCustomer(api: TestApi, token: string, overrides: Record<string, unknown> = {}) {
  const response = await api.request('POST', '/merchants/me/customers', { token, json: customerBody(overrides) });
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

/** The path of the Link header's next page, relative to /api/v1 as api.request takes it. */
export function nextPage(response: Response): string | undefined {
  const link = response.headers.get('link');
  const target = link?.match(/^<([^>]+)>; rel="next"$/)?.[1];
  return target?.replace(/^\/api\/v1/, '');
}

/** Every row of a list, page after page, following the Link header; also counts the pages. */
export async function allPages(api: TestApi, token: string, path: string) {
  const rows: { id: string }[] = [];
  let pages = 0;
  for (let next: string | undefined = path; next; ) {
    const response = await api.request('GET', next, { token });
    expect(response.status).toBe(200);
    rows.push(...((await response.json()) as { id: string }[]));
    pages++;
    next = nextPage(response);
  }
  return { rows, ids: rows.map((row) => row.id), pages };
}

export async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as { code: string; detail: string; errors?: { path: string; message: string }[]; existingId?: string };
}

export const errorPaths = async (response: Response) => ((await problemOf(response)).errors ?? []).map((error) => error.path).sort();
