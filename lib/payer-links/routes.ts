import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { CreatePayerLinkRequest, PayerLink, PayerLinkClosedProblem, PayerLinkParams, PayerPage } from './schemas';

export const payerLinkRoutes = {
  create: createRoute({
    method: 'post',
    path: '/merchants/me/payer-links',
    tags: ['Payer instructions'],
    summary: 'Get the public payer link of an account, bill or customer',
    description:
      'One link per target: 201 the first time, then 200 with the same link. Share its path with the payer. The target must be one the caller can see, and a customer must have its account already (404 otherwise).',
    security: bearerSecurity,
    request: { body: jsonBody(CreatePayerLinkRequest) },
    responses: {
      201: jsonResponse(PayerLink, 'The new link.'),
      200: jsonResponse(PayerLink, 'The link this target already had.'),
      ...problems(400, 401, 403, 404, 409, 413, 415, 422),
    },
  }),
  open: createRoute({
    method: 'get',
    path: '/payer-links/{token}',
    tags: ['Payer instructions'],
    summary: 'Open a payer link (public, no token)',
    description: 'What the payer needs to pay the link\'s target. The token in the path is the only credential.',
    request: { params: PayerLinkParams },
    responses: {
      200: jsonResponse(PayerPage, 'The target can be paid.'),
      ...problems(404),
      410: {
        description: 'The bill is paid, cancelled or expired, or the account is closed (code payer_link_closed); `closed` says which and when.',
        content: { 'application/problem+json': { schema: PayerLinkClosedProblem } },
      },
    },
  }),
};
