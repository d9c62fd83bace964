import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonResponse, problems } from '@/lib/api/schemas';
import { PaymentOptions, PaymentOptionsQuery } from './schemas';

export const paymentOptionRoutes = {
  get: createRoute({
    method: 'get',
    path: '/merchants/me/payment-options',
    tags: ['Payer instructions'],
    summary: 'How a payer pays: M-Pesa Pay Bill, instant bank transfer, RTGS, as the currency allows',
    description:
      'Name at most one target (422 otherwise). Without one: the LEGACY account, or for a user scoped to a sub-merchant its collection account.',
    security: bearerSecurity,
    request: { query: PaymentOptionsQuery },
    responses: { 200: jsonResponse(PaymentOptions, 'Instructions for the payer.'), ...problems(401, 404, 422) },
  }),
};
