import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/service/app';
import { metrics } from '@/lib/platform/metrics';
import { useTestApi } from '../support/api-server';

/**
 * TRACE and a body over 1 MB are refused by the first middleware itself (lib/service/app.ts,
 * `everyAnswer`), before any route: such a refusal is still an answer like any other, with the
 * request's id and the API's headers, and it is counted in the request metrics.
 */
const api = useTestApi();
const app = createApiApp();

/** undici's Request refuses TRACE: a raw request over real HTTP, as a scanner would send it. */
function trace(path: string, requestId: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${api.baseUrl}${path}`, { method: 'TRACE', headers: { 'x-request-id': requestId } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function counted(method: string, status: string): Promise<number> {
  const { values } = await metrics().httpRequests.get();
  return values.filter((value) => value.labels.method === method && String(value.labels.status) === status).reduce((sum, value) => sum + value.value, 0);
}

describe('a refusal before any route', () => {
  it('answers TRACE 405 with the request id and the API headers, and counts it', async () => {
    const before = await counted('TRACE', '405');
    const requestId = `trace-${randomUUID()}`;
    const response = await trace('/api/v1/merchants/me', requestId);
    expect(response.status).toBe(405);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.headers['x-request-id']).toBe(requestId);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await counted('TRACE', '405')).toBe(before + 1);
  });

  it('answers a declared body over 1 MB 413 before authentication, with the request id, and counts it, served without Node in front too', async () => {
    const before = await counted('POST', '413');
    const body = 'x'.repeat(1024 * 1024 + 1);
    const response = await app.request('/api/v1/merchants/me/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe('payload_too_large');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await counted('POST', '413')).toBe(before + 1);
  });
});
