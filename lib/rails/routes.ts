import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { requireBankSignature, requireMpesaToken } from './guards';
import { BankCreditNotification, BankCreditResult, C2bPayment, DarajaResult, MpesaTokenQuery } from './schemas';

const tags = ['Rails'];

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
      'Answers {"ResultCode":"0","ResultDesc":"Accepted"}, or "Rejected" with C2B00012 (unknown, mistyped, closed or expired account, or a paid, cancelled or expired bill), C2B00013 (amount over the account\'s single-deposit limit, or not valid), C2B00015 (not our paybill) or C2B00016 (account not in KES, or an unreadable request). A wrong token answers 404.',
    middleware: [requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(C2bPayment) },
    responses: { 200: jsonResponse(DarajaResult, 'Accepted or rejected, in Daraja\'s format.'), ...problems(404) },
  }),
  c2bConfirmation: createRoute({
    method: 'post',
    path: '/rails/daraja/c2b/confirmation',
    tags,
    summary: 'M-Pesa paybill confirmation (called by Safaricom Daraja)',
    description:
      'Records the payment exactly once per TransID and always acknowledges with {"ResultCode":"0","ResultDesc":"Accepted"}: also for a repeat, and for money no account can take (kept in suspense for an operator).',
    middleware: [requireMpesaToken],
    request: { query: MpesaTokenQuery, body: jsonBody(C2bPayment) },
    responses: { 200: jsonResponse(DarajaResult, 'Acknowledged.'), ...problems(404, 422) },
  }),
  bankCredit: createRoute({
    method: 'post',
    path: '/rails/bank/credit-notifications',
    tags,
    summary: 'Bank credit notification: instant transfer or RTGS (called by the bank)',
    description:
      'Signed with HMAC-SHA256 over the raw body: `X-Bank-Signature: t=<unix seconds>,v1=<hex HMAC of "<t>.<raw body>">` with BANK_WEBHOOK_SECRET; a timestamp more than 5 minutes off is refused. Exactly once per bankReference.',
    middleware: [requireBankSignature],
    request: {
      headers: z.object({ 'x-bank-signature': z.string().openapi({ example: 't=1763719373,v1=5f2b…' }) }),
      body: jsonBody(BankCreditNotification),
    },
    responses: { 200: jsonResponse(BankCreditResult, 'Recorded, a duplicate, or held in suspense.'), ...problems(401, 413, 415, 422) },
  }),
};
