import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, Problem, problems } from '@/lib/api/schemas';
import { PaymentIdParams } from '@/lib/payments/schemas';
import { darajaAnswers } from '@/lib/rails/daraja-answers';
import { requireBankSignature, requireMpesaToken } from '@/lib/rails/guards';
import { darajaFailures } from '@/lib/rails/routes';
import { DarajaResult, MpesaTokenQuery } from '@/lib/rails/schemas';
import { DarajaNotice } from '@/lib/rails/daraja-result';
import { BankReturnNotification, BankReturnResult, DarajaReversalResult, IdempotencyKeyHeader, Reversal, ReverseRequest } from './schemas';

const tags = ['Payments'];
const railTags = ['Rails'];

export const reversalRoutes = {
  reverse: createRoute({
    method: 'post',
    path: '/merchants/me/payments/{paymentId}/reverse',
    tags,
    summary: 'Give a payment back to the payer (Idempotency-Key required)',
    description:
      'Asks the payment\'s rail to reverse the whole payment: M-Pesa through Daraja\'s Reversal API (in the sandbox, a simulator that answers within seconds). 202 with the reversal, REQUESTED (the payment is now REVERSAL_PENDING), or FAILED when the rail refused at once (the payment stays RECEIVED; `reason` says why). When the rail confirms, the payment is REVERSED: a DEBIT entry, the fee refunded, the day\'s totals and a settled bill reopened, events `payment.reversed` and `expected_payment.reopened`. 409 `insufficient_balance` when the account holds less than the payment (less other reversals waiting), `reversal_in_progress`, `already_reversed`; 422 `reversal_unsupported` for a bank transfer outside the sandbox (the bank returns it: see `/rails/bank/returns`).',
    security: bearerSecurity,
    request: { params: PaymentIdParams, headers: IdempotencyKeyHeader, body: jsonBody(ReverseRequest) },
    responses: { 202: jsonResponse(Reversal, 'The reversal: REQUESTED, or FAILED when the rail refused at once.'), ...problems(401, 403, 404, 409, 422) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/payments/{paymentId}/reversals',
    tags,
    summary: 'A payment\'s reversals, newest first',
    security: bearerSecurity,
    request: { params: PaymentIdParams },
    responses: { 200: jsonResponse(z.array(Reversal), 'Every reversal of the payment: failed attempts and the one that stood.'), ...problems(401, 404) },
  }),
  darajaResult: createRoute({
    method: 'post',
    path: '/rails/daraja/reversal/result',
    tags: railTags,
    summary: 'M-Pesa reversal result (called by Safaricom Daraja: the ResultURL)',
    description:
      'ResultCode 0 naming the payment\'s whole Amount confirms the reversal (exactly once: a repeat changes nothing); another amount is not applied and holds the reversal for an operator (`attention`); any other code fails it with ResultDesc as the reason. ResultParameter may be a list or one object; numbers may come as text. Answers {"ResultCode":"0","ResultDesc":"Accepted"} once kept; 503 with Retry-After while the database is out. A wrong token answers 404.',
    middleware: [darajaAnswers('reversal-result'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaReversalResult) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...problems(404), ...darajaFailures },
  }),
  darajaTimeout: createRoute({
    method: 'post',
    path: '/rails/daraja/reversal/timeout',
    tags: railTags,
    summary: 'M-Pesa reversal queue timeout (called by Safaricom Daraja: the QueueTimeOutURL)',
    description: 'The request expired in M-Pesa\'s queue: the reversal fails, nothing was reversed, and the merchant may ask again. Any JSON is acknowledged (Daraja documents no fixed shape): a Result, or its ids at the top level, names the reversal.',
    middleware: [darajaAnswers('reversal-timeout'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(DarajaNotice) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept.'), ...problems(404), ...darajaFailures },
  }),
  bankReturn: createRoute({
    method: 'post',
    path: '/rails/bank/returns',
    tags: railTags,
    summary: 'Bank return notification: a credit given back to the payer (called by the bank)',
    description:
      'Signed exactly as credit notifications are (`X-Bank-Signature`, HMAC-SHA256 with BANK_WEBHOOK_SECRET). Reverses the payment with that bankReference whatever the account\'s balance (it may go below zero: the money has left already). Exactly once per returnReference (`duplicate`). 404 for a bankReference we never credited; 422 `amount_mismatch` unless it returns the whole credit.',
    middleware: [requireBankSignature],
    request: {
      headers: z.object({ 'x-bank-signature': z.string().openapi({ example: 't=1763719373,v1=5f2b…' }) }),
      body: jsonBody(BankReturnNotification),
    },
    responses: {
      200: jsonResponse(BankReturnResult, 'Reversed, or a duplicate of a return applied before.'),
      ...problems(400, 401, 404, 413, 415, 422),
      503: { description: 'The database is unavailable (code service_unavailable), with Retry-After: nothing changed; send it again.', content: { 'application/problem+json': { schema: Problem } } },
    },
  }),
};
