import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newMerchant, newSubMerchant, newUser, signIn } from '../support/fixtures';
import { createEndpoint, ENDPOINT_KEYS, signedInMerchant } from './support';

const api = useTestApi({ SANDBOX: 'true' });
const URL = 'http://127.0.0.1:9/hook';

const post = (token: string, path: string, json?: unknown) => api.request('POST', `/merchants/me/webhook-endpoints${path}`, { token, json });
const get = (token: string, path = '') => api.request('GET', `/merchants/me/webhook-endpoints${path}`, { token });

async function signedInAs(merchantId: string, role: 'SUPPORT' | 'PLAIN_MERCHANT', subMerchantId?: string) {
  const { user, password } = await newUser(merchantId, role, subMerchantId);
  return (await signIn(api, user.email, password)).accessToken;
}

describe('POST /merchants/me/webhook-endpoints', () => {
  it('registers an active endpoint and shows its generated signing secret this once', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const response = await post(token, '', { url: URL, description: 'Orders' });
    expect(response.status).toBe(201);
    const endpoint = await response.json();
    expect(Object.keys(endpoint).sort()).toEqual(ENDPOINT_KEYS);
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      merchantId: merchant.id,
      url: URL,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      description: 'Orders',
      active: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Buffer.from(endpoint.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
  });

  it('keeps a secret the merchant chose, when it has the whsec_ form', async () => {
    const { token } = await signedInMerchant(api);
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect((await createEndpoint(api, token, { url: URL, secret })).secret).toBe(secret);
    const refused = await post(token, '', { url: URL, secret: 'my-password' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([{ path: 'secret', message: expect.stringContaining('whsec_') }]);
    expect((await post(token, '', { url: URL, secret: `whsec_${Buffer.alloc(16).toString('base64')}` })).status).toBe(422);
  });

  it('refuses http outside loopback and private addresses even in the sandbox', async () => {
    const { token } = await signedInMerchant(api);
    for (const url of ['http://example.com/hook', 'https://10.0.0.5/hook', 'https://192.168.1.10/', 'https://169.254.169.254/latest', 'ftp://127.0.0.1/', 'https://user:pw@127.0.0.1/', 'not a url']) {
      const response = await post(token, '', { url });
      expect(response.status, url).toBe(422);
      expect((await response.json()).errors[0].path).toBe('url');
    }
  });

  it('allows loopback receivers in the sandbox, by address or as localhost, over http', async () => {
    const { token } = await signedInMerchant(api);
    for (const url of ['http://localhost:8080/hook', 'http://127.0.0.5/hook', 'http://[::1]:8080/hook', 'https://127.0.0.1/hook']) {
      expect((await post(token, '', { url })).status, url).toBe(201);
    }
  });

  it('names every invalid field', async () => {
    const { token } = await signedInMerchant(api);
    const response = await post(token, '', { description: 5, eventTypes: ['payment.sent'] });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.map((error: { path: string }) => error.path).sort()).toEqual(['description', 'eventTypes.0', 'url']);
  });

  it('is refused to SUPPORT users (403), like every webhook write', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL });
    const support = await signedInAs(merchant.id, 'SUPPORT');
    expect((await post(support, '', { url: URL })).status).toBe(403);
    for (const action of ['deactivate', 'rotate-secret', 'test', `deliveries/${endpoint.id}/redeliver`]) {
      expect((await post(support, `/${endpoint.id}/${action}`)).status, action).toBe(403);
    }
    expect((await get(support)).status).toBe(200);
    expect((await get(support, `/${endpoint.id}/details`)).status).toBe(200);
  });
});

describe('GET /merchants/me/webhook-endpoints', () => {
  it('lists the endpoints newest first with the spec fields and the secret hidden (null)', async () => {
    const { token } = await signedInMerchant(api);
    const first = await createEndpoint(api, token, { url: URL, description: 'first' });
    const second = await createEndpoint(api, token, { url: URL, description: 'second' });
    const response = await get(token);
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list).toEqual([
      { ...second, secret: null },
      { ...first, secret: null },
    ]);
    for (const endpoint of list) expect(Object.keys(endpoint).sort()).toEqual(ENDPOINT_KEYS);
  });

  it('pages with Link: rel="next"', async () => {
    const { token } = await signedInMerchant(api);
    for (let index = 0; index < 3; index++) await createEndpoint(api, token, { url: URL });
    const page = await get(token, '?limit=2');
    expect(await page.json()).toHaveLength(2);
    const next = page.headers.get('link')!.match(/^<\/api\/v1([^>]+)>; rel="next"$/)![1]!;
    const rest = await api.request('GET', next, { token });
    expect(await rest.json()).toHaveLength(1);
    expect(rest.headers.get('link')).toBeNull();
  });

  it("shows one endpoint with GET /{id}, its secret hidden, and another merchant's as unknown (404)", async () => {
    const { token } = await signedInMerchant(api);
    const other = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL });
    expect(await (await get(token, `/${endpoint.id}`)).json()).toEqual({ ...endpoint, secret: null });
    for (const path of [`/${endpoint.id}`, `/${endpoint.id}/details`, `/${endpoint.id}/deliveries`]) expect((await get(other.token, path)).status, path).toBe(404);
    for (const action of ['deactivate', 'rotate-secret', 'test']) expect((await post(other.token, `/${endpoint.id}/${action}`)).status, action).toBe(404);
    expect(await (await get(other.token)).json()).toEqual([]);
    expect((await get(token, '/not-a-uuid')).status).toBe(404);
  });
});

describe('sub-merchant endpoints', () => {
  it("are made for a scoped user's own sub-merchant, and each scope sees only its own", async () => {
    const { merchant, token } = await signedInMerchant(api);
    const branch = await newSubMerchant(merchant.id);
    const scoped = await signedInAs(merchant.id, 'PLAIN_MERCHANT', branch.id);
    const wide = await createEndpoint(api, token, { url: URL });
    const own = await createEndpoint(api, scoped, { url: URL });
    expect(await (await get(scoped, `/${own.id}/details`)).json()).toMatchObject({ subMerchantId: branch.id });
    expect((await (await get(scoped)).json()).map((endpoint: { id: string }) => endpoint.id)).toEqual([own.id]);
    expect((await get(scoped, `/${wide.id}`)).status).toBe(404);
    expect((await (await get(token)).json()).map((endpoint: { id: string }) => endpoint.id)).toEqual([own.id, wide.id]);
    const elsewhere = await newSubMerchant(merchant.id);
    expect((await post(scoped, '', { url: URL, subMerchantId: elsewhere.id })).status).toBe(404);
    const foreign = await newMerchant();
    expect((await post(token, '', { url: URL, subMerchantId: (await newSubMerchant(foreign.merchant.id)).id })).status).toBe(404);
  });
});

describe('details, deactivation and rotation', () => {
  it('keeps the subscribed event types on the details object, not on the spec object', async () => {
    const { token } = await signedInMerchant(api);
    const all = await createEndpoint(api, token, { url: URL });
    const some = await createEndpoint(api, token, { url: URL, eventTypes: ['payment.received', 'expected_payment.paid', 'payment.received'] });
    expect(await (await get(token, `/${all.id}/details`)).json()).toEqual({
      endpointId: all.id,
      subMerchantId: null,
      eventTypes: null,
      failingSince: null,
      deactivatedAt: null,
      deactivationReason: null,
      previousSecretExpiresAt: null,
      lastFailure: null,
    });
    expect((await (await get(token, `/${some.id}/details`)).json()).eventTypes).toEqual(['payment.received', 'expected_payment.paid']);
  });

  it('deactivates with 200 and active: false, answers the same the second time, and records that the merchant did it', async () => {
    const { token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL });
    const first = await post(token, `/${endpoint.id}/deactivate`);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({ ...endpoint, secret: null, active: false });
    const again = await post(token, `/${endpoint.id}/deactivate`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    expect(await (await get(token, `/${endpoint.id}/details`)).json()).toMatchObject({ deactivationReason: 'MERCHANT', deactivatedAt: expect.any(String) });
    expect((await post(token, `/${endpoint.id}/rotate-secret`)).status).toBe(409);
    expect((await post(token, `/${endpoint.id}/test`)).status).toBe(409);
  });

  it('rotates the secret: the new one is shown once and the old one keeps signing for 24 hours', async () => {
    const { token } = await signedInMerchant(api);
    const endpoint = await createEndpoint(api, token, { url: URL });
    const response = await post(token, `/${endpoint.id}/rotate-secret`);
    expect(response.status).toBe(200);
    const rotated = await response.json();
    expect(rotated).toEqual({ ...endpoint, secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.secret).not.toBe(endpoint.secret);
    const { previousSecretExpiresAt } = await (await get(token, `/${endpoint.id}/details`)).json();
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await (await get(token, `/${endpoint.id}`)).json()).secret).toBeNull();
  });
});
