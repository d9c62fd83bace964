import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';

const api = useTestApi();

describe('POST /auth/logout bodies', () => {
  it('answers 204 to Content-Type: application/json with an empty body, and ends the session of the bearer', async () => {
    const { user, password } = await newMerchant();
    const { accessToken } = await signIn(api, user.email, password);
    const logout = await api.request('POST', '/auth/logout', { token: accessToken, headers: { 'content-type': 'application/json' }, body: '' });
    expect(logout.status).toBe(204);
    expect((await api.request('GET', '/auth/me', { token: accessToken })).status).toBe(401);
  });

  it('answers 204 to an empty JSON body without any token (there was no session to end)', async () => {
    const response = await api.request('POST', '/auth/logout', { headers: { 'content-type': 'application/json; charset=utf-8' }, body: '' });
    expect(response.status).toBe(204);
  });

  it('still refuses a JSON body that is there but is not JSON, or not a logout request', async () => {
    const malformed = await api.request('POST', '/auth/logout', { headers: { 'content-type': 'application/json' }, body: '{"refreshToken":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('malformed_request');
    const wrong = await api.request('POST', '/auth/logout', { json: { refreshToken: 42 } });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toContainEqual(expect.objectContaining({ path: 'refreshToken' }));
  });

  it('ends the session of a refresh token sent as JSON, as before', async () => {
    const { user, password } = await newMerchant();
    const { accessToken, refreshToken } = await signIn(api, user.email, password);
    expect((await api.request('POST', '/auth/logout', { json: { refreshToken } })).status).toBe(204);
    expect((await api.request('GET', '/auth/me', { token: accessToken })).status).toBe(401);
  });
});
