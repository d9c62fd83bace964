import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { freshAddress, newMerchant, signIn } from '../support/fixtures';

const api = useTestApi();

describe('POST /auth/login', () => {
  it('answers a PASETO v4.public access token and a refresh token for the right password', async () => {
    const { user, password } = await newMerchant();
    const response = await api.request('POST', '/auth/login', { json: { email: user.email, password } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshExpiresIn', 'refreshToken', 'tokenType']);
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBe(900);
    expect(body.accessToken).toMatch(/^v4\.public\.[\w-]+\.[\w-]+$/);
    const footer = JSON.parse(Buffer.from(body.accessToken.split('.')[3], 'base64url').toString());
    expect(footer.kid).toEqual(expect.any(String));
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(22);
  });

  it('accepts the email in any letter case', async () => {
    const { user, password } = await newMerchant();
    const response = await api.request('POST', '/auth/login', { json: { email: user.email.toUpperCase(), password } });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike, as problem+json', async () => {
    const { user } = await newMerchant();
    for (const email of [user.email, 'nobody@test.example']) {
      const response = await api.request('POST', '/auth/login', { json: { email, password: 'wrong-password' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem).toMatchObject({ status: 401, code: 'invalid_credentials', title: expect.any(String), detail: expect.any(String) });
      expect(problem.type).toMatch(/^https:\/\//);
    }
  });

  it('lists every invalid field with a 422', async () => {
    const response = await api.request('POST', '/auth/login', { json: { email: 'not-an-email' } });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual(['email', 'password']);
  });

  it('answers 400 to malformed JSON, 415 to a body that is not JSON and 413 to a body over 1 MB', async () => {
    const malformed = await api.request('POST', '/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('malformed_request');

    const form = await api.request('POST', '/auth/login', { body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await form.json()).code).toBe('unsupported_media_type');

    // Its own connection: the server answers before reading the whole body, then closes it.
    const huge = await postOnFreshConnection(`${api.baseUrl}/api/v1/auth/login`, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }));
    expect(huge.status).toBe(413);
    expect(huge.contentType).toContain('application/problem+json');
    // The same without a Content-Length (chunked): the limit is counted as the body streams in.
    const streamed = await postOnFreshConnection(`${api.baseUrl}/api/v1/auth/login`, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }), { chunked: true });
    expect(streamed.status).toBe(413);
    expect(streamed.contentType).toContain('application/problem+json');
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one email, even to the right password', async () => {
    const { user, password } = await newMerchant();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await api.request('POST', '/auth/login', {
        json: { email: user.email, password: 'wrong-password' },
        headers: { 'x-forwarded-for': freshAddress() },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await api.request('POST', '/auth/login', { json: { email: user.email, password }, headers: { 'x-forwarded-for': freshAddress() } });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await blocked.json()).code).toBe('too_many_attempts');
  });

  it('does not count successful sign-ins', async () => {
    const { user, password } = await newMerchant();
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await api.request('POST', '/auth/login', { json: { email: user.email, password } });
      expect(response.status).toBe(200);
    }
  });

  it('answers 429 after 50 failures from one address, for any email', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await api.request('POST', '/auth/login', {
        json: { email: `guess-${attempt}@test.example`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': address },
      });
      expect(response.status).toBe(401);
    }
    const { user, password } = await newMerchant();
    const blocked = await api.request('POST', '/auth/login', { json: { email: user.email, password }, headers: { 'x-forwarded-for': address } });
    expect(blocked.status).toBe(429);
    const elsewhere = await api.request('POST', '/auth/login', { json: { email: user.email, password }, headers: { 'x-forwarded-for': freshAddress() } });
    expect(elsewhere.status).toBe(200);
  });
});

describe('conventions', () => {
  it('puts an X-Request-Id on every response, errors included', async () => {
    const ok = await api.request('POST', '/auth/login', { json: {} });
    const missing = await api.request('GET', '/no-such-route');
    expect(ok.headers.get('x-request-id')).toMatch(/.{8,}/);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/.{8,}/);
    expect((await missing.json()).code).toBe('not_found');
  });

  it('signs in for a test helper too', async () => {
    const { user, password } = await newMerchant();
    expect((await signIn(api, user.email, password)).accessToken).toMatch(/^v4\.public\./);
  });
});

function postOnFreshConnection(url: string, body: string, options: { chunked?: boolean } = {}) {
  return new Promise<{ status: number; contentType: string }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type']) });
    });
    request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    if (options.chunked) {
      // Two writes before end(): Node sends Transfer-Encoding: chunked, with no Content-Length.
      request.write(body.slice(0, 1000));
      request.end(body.slice(1000));
    } else request.end(body);
  });
}
