import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { signedInMerchant } from '../accounts/support';
import { createApiApp } from '@/lib/service/app';
import { useTestApi } from '../support/api-server';
import { freshAddress } from '../support/fixtures';

const api = useTestApi({ SANDBOX: 'true' });

function expectApiHeaders(response: Response, label: string) {
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('cache-control'), label).toBe('no-store');
}

/** fetch refuses TRACE and TRACK: a raw request, as a scanner would send it. */
function rawRequest(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${api.baseUrl}${path}`, { method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('headers on every /api/v1 answer', () => {
  it('never lets tokens or secrets be cached: login, refresh, webhook endpoint creation and rotation', async () => {
    const { merchant, user, password, token } = await signedInMerchant(api);
    expect(merchant.id).toBeTruthy();
    const login = await api.request('POST', '/auth/login', { json: { email: user.email, password }, headers: { 'x-forwarded-for': freshAddress() } });
    expect(login.status).toBe(200);
    expectApiHeaders(login, 'login');
    const { refreshToken } = await login.json();
    const refresh = await api.request('POST', '/auth/refresh', { json: { refreshToken } });
    expect(refresh.status).toBe(200);
    expectApiHeaders(refresh, 'refresh');

    const created = await api.request('POST', '/merchants/me/webhook-endpoints', { token, json: { url: 'http://127.0.0.1:9/hook' } });
    expect(created.status).toBe(201);
    expectApiHeaders(created, 'endpoint creation');
    const endpoint = await created.json();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const rotated = await api.request('POST', `/merchants/me/webhook-endpoints/${endpoint.id}/rotate-secret`, { token });
    expect(rotated.status).toBe(200);
    expectApiHeaders(rotated, 'rotation');
  });

  it('puts nosniff and no-store on reads, errors and unknown routes too', async () => {
    const { token } = await signedInMerchant(api);
    const answers = {
      read: await api.request('GET', '/merchants/me', { token }),
      unauthenticated: await api.request('GET', '/merchants/me'),
      invalid: await api.request('GET', '/merchants/me/payments?from=yesterday', { token }),
      unknown: await api.request('GET', '/no-such-route'),
      malformed: await api.request('POST', '/auth/login', { body: '{', headers: { 'content-type': 'application/json' } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([label, response]) => [label, response.status]))).toEqual({
      read: 200,
      unauthenticated: 401,
      invalid: 422,
      unknown: 404,
      malformed: 400,
    });
    for (const [label, response] of Object.entries(answers)) expectApiHeaders(response, label);
  });

  it("keeps a caller's plain X-Request-Id and replaces one that is not plain or too long", async () => {
    const kept = await api.request('GET', '/no-such-route', { headers: { 'x-request-id': 'trace-42_abc=' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42_abc=');
    for (const given of ['two words', 'a'.repeat(256)]) {
      const replaced = await api.request('GET', '/no-such-route', { headers: { 'x-request-id': given } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the same headers on answers of the app called without Node in front (the portal in-process)', async () => {
    const app = createApiApp();
    const unknown = await app.request('/api/v1/no-such-route', { headers: { 'x-request-id': 'portal-7' } });
    expect(unknown.status).toBe(404);
    expectApiHeaders(unknown, 'in-process 404');
    expect(unknown.headers.get('x-request-id')).toBe('portal-7');
    const unauthenticated = await app.request('/api/v1/auth/me');
    expect(unauthenticated.status).toBe(401);
    expectApiHeaders(unauthenticated, 'in-process 401');
    expect(unauthenticated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers TRACE with 405 and an Allow header that does not offer it; TRACK never reaches a route', async () => {
    const trace = await rawRequest('TRACE', '/api/v1/merchants/me');
    expect(trace.status).toBe(405);
    expect(trace.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(trace.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(trace.body).code).toBe('method_not_allowed');
    // Node's HTTP parser does not know TRACK: it answers 400 itself and closes the connection.
    const track = await rawRequest('TRACK', '/api/v1/merchants/me').catch((error: NodeJS.ErrnoException) => ({ status: 0, code: error.code }));
    expect([400, 0]).toContain(track.status);
  });
});
