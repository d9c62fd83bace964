import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { AccessToken, ApiKey, ApiKeyListQuery, ApiKeyParams, CreateApiKeyRequest, CreatedApiKey, TokenRequest } from './schemas';

const tags = ['API keys'];

export const apiKeyRoutes = {
  create: createRoute({
    method: 'post',
    path: '/merchants/me/api-keys',
    tags,
    summary: 'Create an API key (administrators)',
    description: 'The answer carries the secret, this once. Prefixed `ck_live_` (or `ck_test_` in the sandbox) so that secret scanners recognise it.',
    security: bearerSecurity,
    request: { body: jsonBody(CreateApiKeyRequest) },
    responses: { 201: jsonResponse(CreatedApiKey, 'The key, with its secret.'), ...problems(400, 401, 403, 404, 413, 415, 422) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/api-keys',
    tags,
    summary: 'List API keys, newest first (administrators)',
    description: 'Never the secret. Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: ApiKeyListQuery },
    responses: { 200: jsonResponse(ApiKey.array(), 'One page of keys.'), ...problems(401, 403, 422) },
  }),
  revoke: createRoute({
    method: 'post',
    path: '/merchants/me/api-keys/{keyId}/revoke',
    tags,
    summary: 'Revoke an API key (administrators)',
    description: "Its access tokens are refused from the next request on. Revoking again answers the same.",
    security: bearerSecurity,
    request: { params: ApiKeyParams },
    responses: { 200: jsonResponse(ApiKey, 'The key, revoked.'), ...problems(401, 403, 404) },
  }),
  token: createRoute({
    method: 'post',
    path: '/auth/token',
    tags: ['Authentication'],
    summary: 'Exchange an API key for an access token',
    description: 'The same access token as a sign-in, for the key\'s role and sub-merchant, with no refresh token: exchange the key again when it expires.',
    request: { body: jsonBody(TokenRequest) },
    responses: { 200: jsonResponse(AccessToken, 'An access token.'), ...problems(400, 401, 413, 415, 422) },
  }),
};
