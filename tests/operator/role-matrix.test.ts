import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/service/app';
import { useTestApi } from '../support/api-server';
import { newMerchant, newSubMerchant, newUser, signIn } from '../support/fixtures';
import { signedInOperator } from './desk-support';

const api = useTestApi();

/**
 * Every /operator/* route the app has, read from the app itself: routes operator-desk adds (search,
 * payments, suspense, payouts) are in the matrix as soon as they are registered.
 */
function operatorRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return createApiApp()
    .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/v1/operator/'))
    .map((route) => ({ method: route.method, path: route.path.slice('/api/v1'.length).replace(/:currency\b/g, 'KES').replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000') }))
    .filter((route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`));
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

async function answer(method: string, path: string, token?: string) {
  const response = await api.request(method, path, { token, json: isWrite(method) ? {} : undefined });
  const body = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
  return { status: response.status, code: body.code, detail: body.detail ?? '' };
}

describe('who may call the operator console (docs/operator.md, "Who may call what")', () => {
  it('lists the core and desk routes, so that the matrix below covers every one of them', () => {
    const paths = operatorRoutes().map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(expect.arrayContaining(['GET /operator/merchants', 'POST /operator/merchants', 'GET /operator/audit-events', 'PUT /operator/collection-accounts/KES']));
    expect(paths.length).toBeGreaterThanOrEqual(14);
  });

  it('answers an anonymous caller 401 on every operator route', async () => {
    for (const { method, path } of operatorRoutes()) {
      expect({ route: `${method} ${path}`, ...(await answer(method, path)) }).toMatchObject({ status: 401 });
    }
  });

  it("answers every merchant role, a sub-merchant's user and an API key 404 on every operator route, as if there were no console", async () => {
    const merchant = await newMerchant('Matrix Merchant');
    const branch = await newSubMerchant(merchant.merchant.id);
    const admin = (await signIn(api, merchant.user.email, merchant.password)).accessToken;
    const callers: Record<string, string> = { MERCHANT_ADMIN: admin };
    for (const role of ['PLAIN_MERCHANT', 'SUPPORT'] as const) {
      const { user, password } = await newUser(merchant.merchant.id, role);
      callers[role] = (await signIn(api, user.email, password)).accessToken;
    }
    const scoped = await newUser(merchant.merchant.id, 'PLAIN_MERCHANT', branch.id);
    callers['sub-merchant user'] = (await signIn(api, scoped.user.email, scoped.password)).accessToken;
    const key = (await (await api.request('POST', '/merchants/me/api-keys', { token: admin, json: { name: 'Checkout', role: 'PLAIN_MERCHANT' } })).json()) as { secret: string };
    callers['API key'] = ((await (await api.request('POST', '/auth/token', { json: { apiKey: key.secret } })).json()) as { accessToken: string }).accessToken;

    for (const [who, token] of Object.entries(callers)) {
      for (const { method, path } of operatorRoutes()) {
        const got = await answer(method, path, token);
        expect({ who, route: `${method} ${path}`, status: got.status, code: got.code }).toEqual({ who, route: `${method} ${path}`, status: 404, code: 'not_found' });
        expect(got.detail).toBe(`No route matches ${method} /api/v1${path}.`);
      }
    }
  });

  it('lets PLATFORM_SUPPORT read every operator route and refuses it 403 on every write', async () => {
    const support = await signedInOperator(api, 'PLATFORM_SUPPORT');
    for (const { method, path } of operatorRoutes()) {
      const got = await answer(method, path, support.token);
      if (isWrite(method)) expect({ route: `${method} ${path}`, status: got.status }).toEqual({ route: `${method} ${path}`, status: 403 });
      else expect({ route: `${method} ${path}`, status: got.status }).not.toMatchObject({ status: expect.toSatisfy((status: number) => status === 401 || status === 403) });
    }
  });

  it('lets PLATFORM_ADMIN reach every operator route: only the unknown id or the empty body is refused', async () => {
    const admin = await signedInOperator(api, 'PLATFORM_ADMIN');
    for (const { method, path } of operatorRoutes()) {
      const got = await answer(method, path, admin.token);
      expect({ route: `${method} ${path}`, status: got.status }).not.toMatchObject({ status: expect.toSatisfy((status: number) => status === 401 || status === 403 || status >= 500) });
    }
  });

  it('refuses an operator who has not enrolled in two factors yet, and says so in GET /auth/me', async () => {
    const { db } = await import('@/lib/platform/db');
    const { users } = await import('@/lib/auth/schema');
    const { hashPassword } = await import('@/lib/auth/passwords');
    const [fresh] = await db()
      .insert(users)
      .values({ email: `fresh-operator-${Date.now()}@collect.test`, passwordHash: await hashPassword('correct-horse-battery'), role: 'PLATFORM_ADMIN', merchantId: null, firstName: 'New', lastName: 'Operator' })
      .returning();
    const { accessToken } = await signIn(api, fresh!.email, 'correct-horse-battery');
    expect(await answer('GET', '/operator/merchants', accessToken)).toMatchObject({ status: 403, code: 'mfa_enrollment_required' });
    const me = await (await api.request('GET', '/auth/me', { token: accessToken })).json();
    expect(me).toMatchObject({ role: 'PLATFORM_ADMIN', merchantId: null, subMerchantId: null, mfaEnrollmentRequired: true });
  });

  it("refuses an operator's token on the merchant routes: operators reach merchant data only through /operator", async () => {
    const operator = await signedInOperator(api, 'PLATFORM_ADMIN');
    for (const path of ['/merchants/me', '/merchants/me/payments', '/merchants/me/audit-events']) {
      expect({ path, ...(await answer('GET', path, operator.token)) }).toMatchObject({ path, status: 403, code: 'operator_not_merchant' });
    }
    const me = await (await api.request('GET', '/auth/me', { token: operator.token })).json();
    expect(me).toMatchObject({ id: operator.user.id, role: 'PLATFORM_ADMIN', merchantId: null, subMerchantId: null, kind: 'user', mfaEnrollmentRequired: false });
  });
});
