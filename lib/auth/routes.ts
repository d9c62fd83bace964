import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { CurrentUser, LoginRequest, LogoutRequest, RefreshRequest, TokenPair } from './schemas';

export const authRoutes = {
  login: createRoute({
    method: 'post',
    path: '/auth/login',
    tags: ['Authentication'],
    summary: 'Sign in with email and password',
    description:
      'Returns a 15-minute PASETO access token and a single-use refresh token. After 5 failures for one email, or 50 from one address, within 15 minutes, answers 429 with Retry-After. A user with two factors gets 401 `mfa_required` with an `mfaToken` instead: finish at POST /auth/login/mfa.',
    request: { body: jsonBody(LoginRequest) },
    responses: {
      200: jsonResponse(TokenPair, 'Signed in.'),
      ...problems(400, 401, 403, 413, 415, 422, 429),
    },
  }),
  refresh: createRoute({
    method: 'post',
    path: '/auth/refresh',
    tags: ['Authentication'],
    summary: 'Exchange a refresh token for a new token pair',
    description:
      'Refresh tokens rotate: each can be used once. Presenting an already-used one ends the whole session (reuse detection).',
    request: { body: jsonBody(RefreshRequest) },
    responses: { 200: jsonResponse(TokenPair, 'New token pair.'), ...problems(400, 401, 415, 422) },
  }),
  logout: createRoute({
    method: 'post',
    path: '/auth/logout',
    tags: ['Authentication'],
    summary: 'End the session',
    description: 'Its access and refresh tokens are refused from the next request on. Always answers 204.',
    request: { body: { ...jsonBody(LogoutRequest), required: false } },
    responses: { 204: { description: 'Session ended (or there was none).' }, ...problems(400, 415, 422) },
  }),
  me: createRoute({
    method: 'get',
    path: '/auth/me',
    tags: ['Authentication'],
    summary: 'The signed-in user',
    security: bearerSecurity,
    responses: { 200: jsonResponse(CurrentUser, 'The current user.'), ...problems(401) },
  }),
};
