import { createRoute, z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { CreateSubMerchantRequest, Merchant, RenameSubMerchantRequest, SubMerchant, SubMerchantParams } from './schemas';

export const merchantRoutes = {
  me: createRoute({
    method: 'get',
    path: '/merchants/me',
    tags: ['Merchant'],
    summary: 'The signed-in user\'s merchant',
    security: bearerSecurity,
    responses: { 200: jsonResponse(Merchant, 'The merchant.'), ...problems(401) },
  }),
  listSubMerchants: createRoute({
    method: 'get',
    path: '/merchants/me/sub-merchants',
    tags: ['Merchant'],
    summary: 'List sub-merchants',
    description:
      'Newest first; a user scoped to a sub-merchant sees only its own. When more rows exist, a `Link: <…>; rel="next"` header gives the next page.',
    security: bearerSecurity,
    request: { query: z.object(pageQuery) },
    responses: { 200: jsonResponse(z.array(SubMerchant), 'One page of sub-merchants.'), ...problems(401, 422) },
  }),
  createSubMerchant: createRoute({
    method: 'post',
    path: '/merchants/me/sub-merchants',
    tags: ['Merchant'],
    summary: 'Create a sub-merchant',
    description: 'Names are unique per merchant (409). Users scoped to a sub-merchant may not create one (403). Accepts `Idempotency-Key`.',
    security: bearerSecurity,
    request: { body: jsonBody(CreateSubMerchantRequest) },
    responses: {
      201: jsonResponse(SubMerchant, 'The new sub-merchant.'),
      ...problems(400, 401, 403, 409, 413, 415, 422),
    },
  }),
  renameSubMerchant: createRoute({
    method: 'patch',
    path: '/merchants/me/sub-merchants/{subMerchantId}',
    tags: ['Merchant'],
    summary: 'Rename a sub-merchant',
    description:
      'Names are unique per merchant (409). The id, and everything recorded for the sub-merchant, stay as they are. Users scoped to a sub-merchant may not rename one (403); another merchant\'s id is not found (404).',
    security: bearerSecurity,
    request: { params: SubMerchantParams, body: jsonBody(RenameSubMerchantRequest) },
    responses: { 200: jsonResponse(SubMerchant, 'The sub-merchant, renamed.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
};
