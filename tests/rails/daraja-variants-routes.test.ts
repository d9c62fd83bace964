import { describe, expect, it } from 'vitest';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { useTestApi } from '../support/api-server';

/**
 * Every route Daraja calls answers in Daraja's format ({ResultCode, ResultDesc}, application/json),
 * whatever arrives: never problem+json, whose shape Daraja cannot read. The routes are read from
 * the OpenAPI document, so a Daraja route added later is held to the same rule.
 */
const api = useTestApi({ SANDBOX: 'false' });

const unreadable: Array<[string, { body: string; contentType?: string }]> = [
  ['a body that is not JSON', { body: 'ResultCode=0' }],
  ['an empty body', { body: '' }],
  ['a JSON array', { body: '[]' }],
  ['a JSON string', { body: '"Accepted"' }],
  ['an empty object', { body: '{}' }],
  ['a wrapper holding a number', { body: '{"Result":5,"Body":5}' }],
  ['nesting 40 levels deep', { body: `${'{"Result":'.repeat(40)}0${'}'.repeat(40)}` }],
  ['JSON sent as text/plain', { body: '{"Result":{"ResultCode":0}}', contentType: 'text/plain' }],
];

async function darajaPaths(): Promise<string[]> {
  const document = (await (await api.request('GET', '/openapi.json')).json()) as { paths: Record<string, unknown> };
  // The document names paths under the API's base (/api/v1); requests here are relative to it.
  return Object.keys(document.paths)
    .map((path) => path.replace(/^\/api\/v1/, ''))
    .filter((path) => path.startsWith('/rails/daraja/'));
}

describe('every Daraja route answers in Daraja\'s format', () => {
  it('lists each Daraja callback of the service in the OpenAPI document', async () => {
    expect(await darajaPaths()).toEqual(
      expect.arrayContaining([
        '/rails/daraja/c2b/validation',
        '/rails/daraja/c2b/confirmation',
        '/rails/daraja/stk/callback',
        '/rails/daraja/transaction-status/result',
        '/rails/daraja/transaction-status/timeout',
        '/rails/daraja/pull/notifications',
        '/rails/daraja/reversal/result',
        '/rails/daraja/reversal/timeout',
        '/rails/daraja/b2c/result',
        '/rails/daraja/b2c/timeout',
        '/rails/daraja/b2b/result',
        '/rails/daraja/b2b/timeout',
        '/rails/daraja/payout-status/result',
        '/rails/daraja/payout-status/timeout',
      ]),
    );
  });

  it.each(unreadable)('answers %s with {ResultCode, ResultDesc} on every Daraja route, never problem+json', async (_case, request) => {
    const token = encodeURIComponent(await mpesaCallbackSecret());
    for (const path of await darajaPaths()) {
      const response = await api.request('POST', `${path}?token=${token}`, { body: request.body, headers: { 'content-type': request.contentType ?? 'application/json' } });
      expect(response.headers.get('content-type'), path).toBe('application/json');
      const answer = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(answer).sort(), path).toEqual(['ResultCode', 'ResultDesc']);
      // Never "accepted" for a body that cannot be a confirmation: Daraja must not think money was kept.
      if (path.endsWith('/confirmation') || path.endsWith('/stk/callback')) expect(String(answer.ResultCode), path).not.toBe('0');
      if (path.endsWith('/validation')) expect(answer, path).toEqual({ ResultCode: 'C2B00016', ResultDesc: 'Rejected' });
    }
  });

  it('answers a wrong token as an unknown route on every Daraja route (the one answer that is not Daraja\'s)', async () => {
    expect(await darajaPaths()).toHaveLength(14);
    for (const path of await darajaPaths()) {
      const response = await api.request('POST', `${path}?token=wrong`, { json: { Result: { ResultCode: 0 } } });
      expect(response.status, path).toBe(404);
    }
  });
});
