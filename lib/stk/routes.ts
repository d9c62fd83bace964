import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, Problem, problems } from '@/lib/api/schemas';
import { darajaAnswers } from '@/lib/rails/daraja-answers';
import { requireMpesaToken } from '@/lib/rails/guards';
import { darajaFailures } from '@/lib/rails/routes';
import { DarajaResult, MpesaTokenQuery } from '@/lib/rails/schemas';
import { StkCallbackBody } from './callback-format';
import { StkInitiateRequest, StkInitiation, StkListQuery, StkParams } from './schemas';

const tags = ['Payer instructions'];
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });

export const stkRoutes = {
  initiate: createRoute({
    method: 'post',
    path: '/merchants/me/stk/initiate',
    tags,
    summary: 'Send an M-Pesa prompt (STK push) to a payer\'s phone',
    description:
      'Give exactly one of accountNumber, expectedPaymentId or customerId. 202: the prompt is on its way; follow it with GET /merchants/me/stk/{initiationId} until it is COMPLETED, FAILED or TIMED_OUT (at most about 3 minutes). 422 `payment_rejected` (with `reason`) when the account could not take the payment. In the sandbox the simulator answers in about 3 seconds: 254700000001 cancels (1032), 254700000002 has too little balance (1), 254700000003 enters a wrong PIN (2001), 254700000004 cannot be reached (1037, learned by the status check), 254700000005 lets it expire (1019), 254700000006 never answers (TIMED_OUT); any other number pays.',
    security: bearerSecurity,
    request: { body: jsonBody(StkInitiateRequest) },
    responses: {
      202: jsonResponse(StkInitiation, 'The prompt, PENDING.'),
      ...problems(400, 401, 403, 404, 409, 413, 415, 422),
      502: problem('M-Pesa could not be reached (code stk_provider_unavailable).'),
      503: problem('Phone prompts are not set up on this deployment (code stk_not_configured).'),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/merchants/me/stk/{initiationId}',
    tags,
    summary: 'One phone prompt and its outcome',
    security: bearerSecurity,
    request: { params: StkParams },
    responses: { 200: jsonResponse(StkInitiation, 'The prompt.'), ...problems(401, 404) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/stk',
    tags,
    summary: 'List phone prompts, newest first',
    description: 'Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: StkListQuery },
    responses: { 200: jsonResponse(StkInitiation.array(), 'One page of prompts.'), ...problems(401, 422) },
  }),
  callback: createRoute({
    method: 'post',
    path: '/rails/daraja/stk/callback',
    tags: ['Rails'],
    summary: 'M-Pesa Express (STK push) result (called by Safaricom Daraja)',
    description: 'The CallBackURL sent with each prompt. Acknowledged with {"ResultCode":0,"ResultDesc":"Accepted"} once its outcome is kept; a repeated callback changes nothing. ResultCode and the Item values may come as numbers or text, Item as a list or one item. A success for a prompt we do not know is kept in suspense with the body as received (under its receipt, else its CheckoutRequestID). Never "Accepted" when it was not kept: 503 with Retry-After during a database outage, 4xx when the body cannot be read, always in Daraja\'s format. A wrong token answers 404.',
    middleware: [darajaAnswers('stk-callback'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(StkCallbackBody) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...problems(404), ...darajaFailures },
  }),
};
