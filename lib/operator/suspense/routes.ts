import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { AssignSuspenseRequest, OperatorSuspenseItem, OperatorSuspenseList, OperatorSuspenseParams, OperatorSuspenseQuery } from './schemas';

const tags = ['Operator console'];

export const operatorSuspenseRoutes = {
  list: createRoute({
    method: 'get',
    path: '/operator/suspense',
    tags,
    summary: 'Suspense of unknown merchants (or every open row)',
    description: 'Newest first, keyset pages (`nextCursor`, and the `Link` header). Operators only; any other caller is answered 404.',
    security: bearerSecurity,
    request: { query: OperatorSuspenseQuery },
    responses: { 200: jsonResponse(OperatorSuspenseList, 'A page of suspense.'), ...problems(401, 404, 422) },
  }),
  assign: createRoute({
    method: 'post',
    path: '/operator/suspense/{suspenseId}/assign',
    tags,
    summary: 'Give suspense of an unknown merchant to the account the payer meant',
    description:
      'As `npm run cli -- suspense:assign`: the row takes the account\'s merchant (and sub-merchant); it is not credited: the merchant then resolves it or asks for its return. The reason is recorded in the platform\'s and the merchant\'s audit logs, in the same transaction. 409 `already_assigned` when it already has a merchant; 422 `unknown_account` for an account number no account has. PLATFORM_ADMIN only (403 for PLATFORM_SUPPORT).',
    security: bearerSecurity,
    request: { params: OperatorSuspenseParams, body: jsonBody(AssignSuspenseRequest) },
    responses: { 200: jsonResponse(OperatorSuspenseItem, 'The suspense, now the merchant\'s.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
};
