import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newSubMerchant } from '../support/fixtures';
import { adminOfNewMerchant, keyToken, signedInAs } from './helpers';

const api = useTestApi();

type Caller = 'anonymous' | 'admin' | 'plain' | 'support' | 'scopedPlain' | 'scopedSupport' | 'plainKey' | 'supportKey' | 'scopedKey';
interface Operation {
  method: string;
  path: string;
  tags: string[];
  documented: Set<number>;
  hasBody: boolean;
}

/** docs/roles.md, as rules: what each caller may do with an authenticated route. */
const ADMIN_ONLY = /^\/merchants\/me\/(users|api-keys|audit-events|security-policy)(\/|$)/;
const OWN_ACCOUNT = /^\/auth\//;
/** Where settlements are paid and when, and what payers are sent: everyone reads, only an administrator (a person) changes. */
const ADMIN_WRITES = /^\/merchants\/me\/(settlement-accounts|settlement-schedule|notification-settings)(\/|$)/;
const SUPPORT_READING_POSTS = new Set(['/merchants/me/payer-links']);
/** The provider's console: every merchant caller is answered 404 there (operators: tests/operator/role-matrix.test.ts). */
const OPERATOR_CONSOLE = /^\/operator\//;

function refusedWith403(caller: Caller, operation: Operation): boolean {
  const { method, path } = operation;
  const isKey = caller.endsWith('Key');
  const isSupport = caller === 'support' || caller === 'scopedSupport' || caller === 'supportKey';
  if (ADMIN_ONLY.test(path)) return caller !== 'admin';
  if (OWN_ACCOUNT.test(path)) return isKey && path !== '/auth/me';
  if (ADMIN_WRITES.test(path) && method !== 'get') return caller !== 'admin';
  if (isSupport && method !== 'get' && !(method === 'post' && SUPPORT_READING_POSTS.has(path))) return true;
  if ((caller === 'scopedPlain' || caller === 'scopedSupport' || caller === 'scopedKey') && method === 'post' && path === '/merchants/me/sub-merchants') return true;
  return false;
}

/** Where a route validates before its own role check, a valid body lets the role check answer. */
const VALID_BODIES: Record<string, (caller: Caller) => unknown> = {
  '/merchants/me/sub-merchants': (caller) => ({ name: `Matrix ${caller} ${randomUUID().slice(0, 6)}` }),
};

async function operations(): Promise<Operation[]> {
  const document = (await (await api.request('GET', '/openapi.json')).json()) as {
    paths: Record<string, Record<string, { security?: unknown[]; tags?: string[]; responses: Record<string, unknown>; requestBody?: unknown }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => (operation.security ?? []).length > 0)
      .map(([method, operation]) => ({
        method,
        path: path.replace(/^\/api\/v1/, ''),
        tags: operation.tags ?? [],
        documented: new Set(Object.keys(operation.responses).map(Number)),
        hasBody: Boolean(operation.requestBody),
      })),
  );
}

describe('role × route matrix', () => {
  it('answers every authenticated route, for every kind of caller, exactly as docs/roles.md says', async () => {
    const admin = await adminOfNewMerchant(api);
    const merchantId = admin.merchant.id;
    const branch = await newSubMerchant(merchantId);
    const tokens: Record<Caller, string | undefined> = {
      anonymous: undefined,
      admin: admin.token,
      plain: (await signedInAs(api, merchantId, 'PLAIN_MERCHANT')).token,
      support: (await signedInAs(api, merchantId, 'SUPPORT')).token,
      scopedPlain: (await signedInAs(api, merchantId, 'PLAIN_MERCHANT', branch.id)).token,
      scopedSupport: (await signedInAs(api, merchantId, 'SUPPORT', branch.id)).token,
      plainKey: (await keyToken(api, admin.token, 'PLAIN_MERCHANT')).token,
      supportKey: (await keyToken(api, admin.token, 'SUPPORT')).token,
      scopedKey: (await keyToken(api, admin.token, 'PLAIN_MERCHANT', branch.id)).token,
    };
    const list = await operations();
    expect(list.length).toBeGreaterThan(40);
    const mismatches: string[] = [];
    for (const operation of list) {
      // Unknown ids and an empty body: nothing is changed, and the answer still shows the role check.
      const path = operation.path.replace(/\{(\w+)\}/g, () => randomUUID());
      for (const [caller, token] of Object.entries(tokens) as [Caller, string | undefined][]) {
        const body = VALID_BODIES[operation.path]?.(caller) ?? {};
        const response = await api.request(operation.method.toUpperCase(), path, { token, json: operation.hasBody ? body : undefined });
        const status = response.status;
        await response.arrayBuffer();
        const expected = caller === 'anonymous' ? '401' : OPERATOR_CONSOLE.test(operation.path) ? '404' : refusedWith403(caller, operation) ? '403' : 'allowed';
        const ok =
          expected === 'allowed' ? status !== 401 && status !== 403 && status < 500 && operation.documented.has(status) : String(status) === expected && operation.documented.has(status);
        if (!ok) mismatches.push(`${operation.method.toUpperCase()} ${operation.path} as ${caller}: ${status}, expected ${expected}${operation.documented.has(status) ? '' : ' (status not documented)'}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);
});
