import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { Merchant } from './schemas';

export const merchantRoutes = {
  me: createRoute({
    method: 'get',
    path: '/merchants/me',
    tags: ['Merchant'],
    summary: 'The signed-in user\'s merchant',
    security: bearerSecurity,
    responses: { 200: jsonResponse(Merchant, 'The merchant.'), ...problems(401) },
  }),
};
