import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, Problem, problems } from '@/lib/api/schemas';
import { darajaAnswers } from './daraja-answers';
import { requireBankSignature, requireMpesaToken } from './guards';
import { BankCreditNotification, BankCreditResult, C2bPayment, DarajaResult, MpesaTokenQuery } from './schemas';

const tags = ['Rails'];

const darajaShaped = (description: string) => jsonResponse(DarajaResult, description);
/** What a Daraja route that must keep the money answers when it could not (docs/rails.md). */
export const darajaFailures = {
  400: darajaShaped('The body is not valid JSON: {"ResultCode":"1","ResultDesc":"Rejected: …"}. Nothing was kept.'),
  413: darajaShaped('The body is larger than 1 MB. Nothing was kept.'),
  415: darajaShaped('The body is not application/json. Nothing was kept.'),
  422: darajaShaped('The body is not a Daraja request (the fields at fault are named in ResultDesc). Nothing was kept.'),
  500: darajaShaped('An unexpected error, logged: {"ResultCode":"1","ResultDesc":"Internal error; retry"}. Nothing was kept; send it again.'),
  503: darajaShaped('The database is unavailable or did not answer within its timeouts: {"ResultCode":"1","ResultDesc":"Temporarily unavailable; retry"} with Retry-After. Nothing was kept; send it again.'),
};

/**
 * Endpoints the payment networks call (docs/rails.md). They sit outside /merchants/*: no bearer
 * token, each rail has its own secret. Paths avoid the word "mpesa": Safaricom refuses to
 * register callback URLs that contain M-Pesa or Safaricom in any spelling.
 */
export const railRoutes = {
  c2bValidation: createRoute({
    method: 'post',
    path: '/rails/daraja/c2b/validation',
    tags,
    summary: 'M-Pesa paybill validation (called by Safaricom Daraja)',
    description:
      'Answers {"ResultCode":"0","ResultDesc":"Accepted"}, or "Rejected" with C2B00012 (unknown, mistyped, closed or expired account, or a paid, cancelled or expired bill), C2B00013 (amount over the account\'s single-deposit limit, or not money: unreadable, negative, zero, too many decimals, 10^12 or more), C2B00015 (not our paybill) or C2B00016 (account not in KES, an unreadable request, or we cannot check now: the database is unavailable or did not answer within its timeouts). Always HTTP 200 in Daraja\'s format; a wrong token answers 404.',
    middleware: [darajaAnswers('c2b-validation'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(C2bPayment) },
    responses: { 200: jsonResponse(DarajaResult, 'Accepted or rejected, in Daraja\'s format.'), ...problems(404) },
  }),
  c2bConfirmation: createRoute({
    method: 'post',
    path: '/rails/daraja/c2b/confirmation',
    tags,
    summary: 'M-Pesa paybill confirmation (called by Safaricom Daraja)',
    description:
      'Records the payment exactly once per TransID and acknowledges with {"ResultCode":"0","ResultDesc":"Accepted"} once it is kept: also for a repeat, and for money no account can take or whose amount is not money (kept in suspense for an operator, never credited). Never "Accepted" when it was not kept: 503 with Retry-After while the database is out or does not answer within its timeouts, 4xx when the body cannot be read, always in Daraja\'s format. A wrong token answers 404.',
    middleware: [darajaAnswers('c2b-confirmation'), requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(C2bPayment) },
    responses: { 200: jsonResponse(DarajaResult, 'Kept (recorded, a repeat, or in suspense).'), ...problems(404), ...darajaFailures },
  }),
  bankCredit: createRoute({
    method: 'post',
    path: '/rails/bank/credit-notifications',
    tags,
    summary: 'Bank credit notification: instant transfer or RTGS (called by the bank)',
    description:
      'Signed with HMAC-SHA256 over the raw body: `X-Bank-Signature: t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">` with BANK_WEBHOOK_SECRET; a timestamp more than 5 minutes off is refused. Exactly once per bankReference. An amount that is not money (unreadable, negative, zero, too many decimals for the currency, 10^12 or more) is kept in suspense, never credited. 503 with Retry-After while the database is unavailable or does not answer within its timeouts: nothing was kept, send it again.',
    middleware: [requireBankSignature],
    request: {
      headers: z.object({ 'x-bank-signature': z.string().openapi({ example: 't=1763719373,v1=5f2b…' }) }),
      body: jsonBody(BankCreditNotification),
    },
    responses: { 200: jsonResponse(BankCreditResult, 'Recorded, a duplicate, or held in suspense.'), ...problems(400, 401, 413, 415, 422),
      503: { description: 'The database is unavailable (code service_unavailable), with Retry-After: nothing was kept; send it again.', content: { 'application/problem+json': { schema: Problem } } },
    },
  }),
};
